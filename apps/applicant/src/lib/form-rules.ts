import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The form's fixed values as the server holds them (GET /apply/api/form-rules,
 * docs/api-apply.md): the SPA keeps no copy of a server rule.
 */
export type FormRules = {
  koreaCode: string;
  g20Countries: string[];
  g20None: string;
  /** the default "no passport" number; a round may have its own (recruit.rules.passportNone) */
  passportNone: string;
  /** the default "no visa" type; a round may have its own (recruit.rules.visaNone) */
  visaNone: string;
  visaOther: string;
  maxFamily: number;
  userId: UserIdRule;
  password: PasswordRule;
  /** what the video essay field checks as the link is typed; the server decides on Save */
  videoEssay: VideoEssayRule;
};

/** The streaming sites whose links the video essay refuses (a host or one under it). */
export type VideoEssayRule = { streamingHosts: string[] };

/** The user id: its length, and `pattern` over the whole id. */
export type UserIdRule = { minLength: number; maxLength: number; pattern: string };

/** The password of sign-up, change and reset: its length in characters,
 * `pattern` over the whole password, and `required` each found somewhere in it. */
export type PasswordRule = { minLength: number; maxLength: number; pattern: string; required: string[] };

/** Whether a password keeps the server's rule. Without the rule (not loaded)
 * it passes: the server checks it anyway and answers with the field's error. */
export function keepsPasswordRule(rule: PasswordRule | undefined, password: string): boolean {
  if (!rule) return true;
  const length = [...password].length; // characters, as the server counts them, not UTF-16 units
  return (
    length >= rule.minLength &&
    length <= rule.maxLength &&
    new RegExp(rule.pattern).test(password) &&
    rule.required.every((source) => new RegExp(source).test(password))
  );
}

export function getFormRules(): Promise<FormRules> {
  return api.get<FormRules>('/apply/api/form-rules');
}

export function useFormRules() {
  return useQuery({ queryKey: ['form-rules'], queryFn: getFormRules, staleTime: Infinity });
}

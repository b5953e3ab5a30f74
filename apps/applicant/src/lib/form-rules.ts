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
  userId: { minLength: number; maxLength: number; pattern: string };
};

export function getFormRules(): Promise<FormRules> {
  return api.get<FormRules>('/apply/api/form-rules');
}

export function useFormRules() {
  return useQuery({ queryKey: ['form-rules'], queryFn: getFormRules, staleTime: Infinity });
}

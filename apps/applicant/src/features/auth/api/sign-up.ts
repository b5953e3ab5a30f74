import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';

// Client-side checks mirror the server's rules (decisions.md); the server is the authority.
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,16}$/;

/** The user-id rule as the server gives it (GET /apply/api/form-rules): no copy kept here. */
export type UserIdRule = { minLength: number; maxLength: number; pattern: string };

export const signUpSchema = (rule: UserIdRule) =>
  z
  .object({
    userId: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .regex(new RegExp(rule.pattern), 'validation.userIdFormat')
      .min(rule.minLength, 'validation.userIdFormat')
      .max(rule.maxLength, 'validation.userIdFormat'),
    email: z.string().trim().min(1, 'validation.required').pipe(z.email('validation.emailFormat')),
    code: z.string().trim().min(1, 'validation.required').regex(/^\d{6}$/, 'validation.codeFormat'),
    password: z.string().min(1, 'validation.required').regex(PASSWORD_PATTERN, 'validation.passwordRule'),
    passwordConfirm: z.string().min(1, 'validation.required'),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'validation.passwordMismatch',
  });

export type SignUpForm = z.infer<ReturnType<typeof signUpSchema>>;

export type SignUpInput = {
  userId: string;
  email: string;
  password: string;
  code: string;
  agreeTerms: boolean;
  agreePrivacy: boolean;
  altcha: string;
};

export function signUp(input: SignUpInput): Promise<{ userId: string }> {
  return api.post<{ userId: string }>('/user/api/sign-up', input);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

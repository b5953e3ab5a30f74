import { useMutation } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { keepsPasswordRule, type FormRules } from '@/lib/form-rules';

/** The sign-up form's checks: the user-id and password rules are the server's
 * (GET /apply/api/form-rules), no copy kept here; the server is the authority. */
export const signUpSchema = (rules: Pick<FormRules, 'userId' | 'password'>) =>
  z
  .object({
    userId: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .regex(new RegExp(rules.userId.pattern), 'validation.userIdFormat')
      .min(rules.userId.minLength, 'validation.userIdFormat')
      .max(rules.userId.maxLength, 'validation.userIdFormat'),
    email: z.string().trim().min(1, 'validation.required').pipe(z.email('validation.emailFormat')),
    code: z.string().trim().min(1, 'validation.required').regex(/^\d{6}$/, 'validation.codeFormat'),
    password: z
      .string()
      .min(1, 'validation.required')
      .refine((password) => keepsPasswordRule(rules.password, password), 'validation.passwordRule'),
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

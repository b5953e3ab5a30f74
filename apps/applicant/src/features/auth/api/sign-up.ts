import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

// Client-side checks mirror the server's rules (decisions.md); the server is the authority.
export const USER_ID_PATTERN = /^[A-Za-z0-9]+$/;
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,16}$/;

export const signUpSchema = z
  .object({
    userId: z.string().trim().min(1, 'validation.required').regex(USER_ID_PATTERN, 'validation.userIdFormat'),
    email: z.string().trim().min(1, 'validation.required').pipe(z.email('validation.emailFormat')),
    code: z.string().trim().min(1, 'validation.required').regex(/^\d{6}$/, 'validation.codeFormat'),
    password: z.string().min(1, 'validation.required').regex(PASSWORD_PATTERN, 'validation.passwordRule'),
    passwordConfirm: z.string().min(1, 'validation.required'),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'validation.passwordMismatch',
  });

export type SignUpForm = z.infer<typeof signUpSchema>;

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

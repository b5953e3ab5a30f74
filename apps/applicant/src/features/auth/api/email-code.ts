import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type EmailCodeRequest = {
  email: string;
  /** A solved captcha payload: the server mails nobody without one. */
  altcha: string;
};

export function sendEmailCode(req: EmailCodeRequest): Promise<{ message?: string }> {
  return api.post<{ message?: string }>('/user/api/email-code', req);
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}

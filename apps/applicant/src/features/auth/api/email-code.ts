import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function sendEmailCode(email: string): Promise<{ message?: string }> {
  return api.post<{ message?: string }>('/user/api/email-code', { email });
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}

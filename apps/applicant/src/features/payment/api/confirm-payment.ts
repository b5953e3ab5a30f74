import { api } from '@/lib/api-client';
import type { Attempt } from '../types';

/** The browser is back from the provider: the server asks the provider and answers the attempt. */
export function confirmPayment(paymentId: string, code?: string | null, message?: string | null): Promise<Attempt> {
  return api.post<Attempt>(`/apply/api-auth/appl/pay/confirm/${encodeURIComponent(paymentId)}`, {
    code: code ?? '',
    message: message ?? '',
  });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Checkout, PayType } from '../types';

export type StartInput = { applNo: number; payType: PayType };

/** Starts an attempt: the server fixes the amount and pre-registers it at the provider. */
export function startPayment({ applNo, payType }: StartInput): Promise<Checkout> {
  return api.post<Checkout>(`/apply/api-auth/appl/pay/start/${applNo}`, { payType }, { silent: true });
}

export function useStartPayment() {
  return useMutation({ mutationFn: startPayment });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Checkout, PayType } from '../types';

/** replaceVbank: pay another way while a virtual account awaits its deposit (the server closes it first). */
export type StartInput = { applNo: number; payType: PayType; replaceVbank?: boolean };

/** Starts an attempt: the server fixes the amount and pre-registers it at the provider. */
export function startPayment({ applNo, payType, replaceVbank }: StartInput): Promise<Checkout> {
  return api.post<Checkout>(`/apply/api-auth/appl/pay/start/${applNo}`, { payType, replaceVbank: !!replaceVbank }, { silent: true });
}

export function useStartPayment() {
  return useMutation({ mutationFn: startPayment });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Money } from '../types';

/** One of the user's refunds or cancels made by staff (docs/api-money.md). */
export type Refund = { paymentId: string; cancelType: '00001' | '00002' | '00003'; amount: Money; reason: string; at: string };

export function getRefunds(): Promise<Refund[]> {
  return api.get<Refund[]>('/apply/api-auth/pay/refunds');
}

export function useRefunds() {
  return useQuery({ queryKey: ['pay-refunds'], queryFn: getRefunds });
}

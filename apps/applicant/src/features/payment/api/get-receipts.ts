import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Attempt } from '../types';

export type Receipt = Attempt & { school: { kor: string; eng: string }; round: { kor: string; eng: string } };

export function getReceipts(): Promise<Receipt[]> {
  return api.get<Receipt[]>('/apply/api-auth/pay/receipts');
}

export function useReceipts() {
  return useQuery({ queryKey: ['pay-receipts'], queryFn: getReceipts });
}

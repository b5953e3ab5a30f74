import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PayQuote } from '../types';

export function getPayQuote(applNo: number): Promise<PayQuote> {
  return api.get<PayQuote>(`/apply/api-auth/appl/pay/quote/${applNo}`);
}

export function usePayQuote(applNo: number | undefined) {
  return useQuery({
    queryKey: ['pay-quote', applNo],
    queryFn: () => getPayQuote(applNo as number),
    enabled: !!applNo,
    staleTime: 0,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Money, RefundRequest } from './get-my-refund-requests';

/** What the request form shows: the payment, the school's rule and the open request. */
export type RefundForm = {
  applNo: number;
  applId: string | null;
  status: string;
  school: { kor: string; eng: string };
  round: { kor: string; eng: string };
  paymentId: string;
  payType: string;
  paid: Money;
  remaining: Money;
  paidAt: string;
  needsAccount: boolean;
  rule: { kor: string; eng: string };
  open: RefundRequest | null;
  requests: RefundRequest[];
};

export function getRefundForm(applNo: number): Promise<RefundForm> {
  return api.get<RefundForm>(`/apply/api-auth/appl/pay/refund-request/${applNo}`, { silent: true });
}

export function useRefundForm(applNo: number, enabled: boolean) {
  return useQuery({ queryKey: ['refund-form', applNo], queryFn: () => getRefundForm(applNo), enabled, staleTime: 0, retry: false });
}

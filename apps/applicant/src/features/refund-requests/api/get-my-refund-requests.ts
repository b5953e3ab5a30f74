import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Money = { amount: number; currency: 'KRW' | 'USD'; text: string };

export type RefundState = 'pending' | 'approved' | 'denied';

/** One of the caller's refund requests (docs/api-money.md, "Refund requests"). */
export type RefundRequest = {
  id: number;
  applNo: number;
  paymentId: string;
  state: RefundState;
  reason: string;
  refundAccount: { bank: string; holder: string; accountNo: string } | null;
  createdAt: string;
  decidedAt: string | null;
  /** staff's words to the applicant: why it was denied, or the refund's reason */
  answer: string;
  refunded: Money;
};

export function getMyRefundRequests(): Promise<RefundRequest[]> {
  return api.get<RefundRequest[]>('/apply/api-auth/pay/refund-requests', { background: true });
}

/** The caller's refund requests, newest first: /list shows each application's latest. */
export function useMyRefundRequests() {
  return useQuery({ queryKey: ['refund-requests'], queryFn: getMyRefundRequests, staleTime: 0 });
}

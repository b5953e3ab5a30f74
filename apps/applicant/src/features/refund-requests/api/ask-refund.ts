import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { RefundRequest } from './get-my-refund-requests';

export type AskRefundInput = {
  reason: string;
  refundAccount: { bank: string; holder: string; accountNo: string } | null;
};

export function askRefund(applNo: number, input: AskRefundInput): Promise<RefundRequest> {
  // silent: the form shows field errors at their fields and the rest in the dialog
  return api.post<RefundRequest>(`/apply/api-auth/appl/pay/refund-request/${applNo}`, input, { silent: true });
}

/** Files a refund request about the paid payment of an application. */
export function useAskRefund(applNo: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AskRefundInput) => askRefund(applNo, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['refund-requests'] });
      void client.invalidateQueries({ queryKey: ['refund-form', applNo] });
    },
  });
}

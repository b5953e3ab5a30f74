import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type SubmitInput = { applNo: number; consents: Record<string, string> };

/** The application record after submission; `next` says where the applicant goes. */
export type SubmitResult = {
  applNo: number;
  status: string;
  applId?: string | null;
  payType?: string | null;
  next: 'pay' | 'none';
  [key: string]: unknown;
};

export function submitApplication({ applNo, consents }: SubmitInput): Promise<SubmitResult> {
  return api.post<SubmitResult>(`/apply/api-auth/appl/submit/${applNo}`, { consents });
}

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: (_r, input) => {
      void queryClient.invalidateQueries({ queryKey: ['application', input.applNo] });
      void queryClient.invalidateQueries({ queryKey: ['applications'] });
    },
  });
}

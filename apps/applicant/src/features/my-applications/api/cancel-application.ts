import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function cancelApplication(applNo: number): Promise<unknown> {
  return api.post(`/apply/api-auth/appl/cancel/${applNo}`, undefined, { forbiddenAsToast: true });
}

/** Cancels before completion (window-checked by the server). */
export function useCancelApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelApplication,
    onSuccess: () => client.invalidateQueries({ queryKey: ['applications'] }),
  });
}

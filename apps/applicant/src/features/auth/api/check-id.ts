import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function checkId(userId: string): Promise<{ available: boolean }> {
  return api.get<{ available: boolean }>('/user/api/check-id', { params: { userId } });
}

export function useCheckId() {
  return useMutation({ mutationFn: checkId });
}

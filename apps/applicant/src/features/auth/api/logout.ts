import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearUser } from '@/lib/session';

export function logout(): Promise<null> {
  // a 401 here only means the session was already gone
  return api.post<null>('/user/api/logout', undefined, { quietUnauthorized: true });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearUser();
      queryClient.clear();
    },
  });
}

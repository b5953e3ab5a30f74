import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getBasisEmail(): Promise<{ email: string }> {
  return api.get<{ email: string }>('/apply/api-auth/appl/basis/email');
}

/** The signed-in user's e-mail, to prefill applicantInfo.email. */
export function useBasisEmail(enabled: boolean) {
  return useQuery({ queryKey: ['appl', 'basis', 'email'], queryFn: getBasisEmail, enabled, staleTime: Infinity });
}

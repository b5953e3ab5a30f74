import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const unreadKey = ['inquiry-unread'];

/** How many of the member's inquiries have an answer not yet opened (the nav notice). */
export function useUnreadInquiries(enabled: boolean) {
  return useQuery({
    queryKey: unreadKey,
    enabled,
    queryFn: () => api.get<{ count: number }>('/apply/api-auth/inquiry/user/unread', { silent: true, background: true }),
    select: (d) => d.count,
    refetchInterval: 60_000,
    retry: false,
  });
}

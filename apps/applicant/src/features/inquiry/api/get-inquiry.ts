import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Inquiry } from '../types';
import { refreshUnreadInquiries } from './get-unread';

export const inquiryKey = (no: number) => ['inquiry', no];

/** One inquiry; opening it marks its answers read, so the nav notice is refreshed. */
export function useInquiry(no: number) {
  return useQuery({
    queryKey: inquiryKey(no),
    enabled: no > 0,
    queryFn: async () => {
      const q = await api.get<Inquiry>(`/apply/api-auth/inquiry/user/${no}`);
      void refreshUnreadInquiries();
      return q;
    },
  });
}

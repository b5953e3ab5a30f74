import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { InquiryType, SchoolChoice } from '../types';

export function useInquiryOptions() {
  return useQuery({
    queryKey: ['inquiry-options'],
    queryFn: () => api.get<{ types: InquiryType[]; schools: SchoolChoice[] }>('/apply/api-auth/inquiry/user/options'),
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Inquiry } from '../types';

export type InquiryPage = { list: Inquiry[]; total: number; page: number; size: number };

/** The member's own inquiries: the server answers the caller's, whatever userId the page URL names. */
export function getInquiries(page: number, size: number): Promise<InquiryPage> {
  return api.get<InquiryPage>('/apply/api-auth/inquiry/user/list', { params: { page, size } });
}

export function useInquiries(page: number, size: number) {
  return useQuery({ queryKey: ['inquiries', page, size], queryFn: () => getInquiries(page, size) });
}

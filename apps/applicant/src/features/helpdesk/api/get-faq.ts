import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { FaqCategory, HelpEntry } from '../types';

export type Faq = { categories: FaqCategory[]; entries: HelpEntry[] };

/** The published FAQ in one language; the server searches question and answer. */
export function getFaq(lang: string, q: string): Promise<Faq> {
  return api.get<Faq>('/apply/api/faq', { params: { lang, q: q || undefined } });
}

export function useFaq(lang: string, q: string) {
  return useQuery({ queryKey: ['faq', lang, q], queryFn: () => getFaq(lang, q), placeholderData: keepPreviousData });
}

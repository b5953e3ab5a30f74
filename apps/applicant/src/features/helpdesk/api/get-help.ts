import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { HelpEntry } from '../types';

export type HelpPage = { items: HelpEntry[]; total: number; page: number; size: number };

export const HELP_PAGE_SIZE = 10;

/** One page of the published help posts matching q, newest first. */
export function getHelp(lang: string, q: string, page: number): Promise<HelpPage> {
  return api.get<HelpPage>('/apply/api/help', { params: { lang, q: q || undefined, page, size: HELP_PAGE_SIZE } });
}

export function useHelp(lang: string, q: string, page: number) {
  return useQuery({ queryKey: ['help', lang, q, page], queryFn: () => getHelp(lang, q, page), placeholderData: keepPreviousData });
}

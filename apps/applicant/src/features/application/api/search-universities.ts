import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { University } from '../types';

export function searchUniversities(q: string, countryCode?: string): Promise<University[]> {
  return api.get<University[]>('/apply/api/standard/univ', {
    params: { q, countryCode: countryCode || undefined, limit: 20 },
    background: true,
  });
}

/** Universities whose Korean or English name matches `q` (at least one character). */
export function useUniversitySearch(q: string, countryCode?: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['standard', 'univ', query, countryCode ?? ''],
    queryFn: () => searchUniversities(query, countryCode),
    enabled: query.length > 0,
    staleTime: 10 * 60 * 1000,
    placeholderData: keepPreviousData,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type School = {
  schoolCode: string;
  korName: string;
  engName: string;
  slug: string;
  color?: string;
  /** Set by the school in the back office (school settings). */
  logoUrl?: string;
  contactEmail?: string;
  contactPhone?: string;
};

export function getSchools(): Promise<School[]> {
  // optional on the home page: a failure simply shows nothing
  return api.get<School[]>('/apply/api/standard/schl', { silent: true });
}

export function useSchools() {
  return useQuery({
    queryKey: ['standard', 'schools'],
    queryFn: getSchools,
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
}

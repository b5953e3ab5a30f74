import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApplicationRecord } from '../types';

export const applicationKey = (applNo: number) => ['application', applNo] as const;

export function getApplication(applNo: number): Promise<ApplicationRecord> {
  return api.get<ApplicationRecord>(`/apply/api-auth/appl/info/${applNo}`);
}

/** The application record; 404 for an application that is not the caller's. */
export function useApplication(applNo: number | null | undefined) {
  return useQuery({
    queryKey: applicationKey(applNo ?? 0),
    queryFn: () => getApplication(applNo!),
    enabled: !!applNo,
    staleTime: 0,
  });
}

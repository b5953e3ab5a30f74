import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DocumentView } from '../types';

export const documentsKey = (applNo: number) => ['application', applNo, 'documents'] as const;

export function getDocuments(applNo: number): Promise<DocumentView> {
  return api.get<DocumentView>(`/apply/api-auth/appl/doc/${applNo}`);
}

/** The document groups of the application's school and round, with what is uploaded. */
export function useDocuments(applNo: number | null | undefined) {
  return useQuery({
    queryKey: documentsKey(applNo ?? 0),
    queryFn: () => getDocuments(applNo!),
    enabled: !!applNo,
    staleTime: 0,
  });
}

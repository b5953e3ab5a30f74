import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getEtcUploadable(applNo: number): Promise<boolean> {
  return api.get<boolean>(`/apply/api-auth/appl/doc/etc/recrSchl/${applNo}`);
}

/** Whether the school takes extra documents (the 5 extra slots). */
export function useEtcUploadable(applNo: number | null | undefined) {
  return useQuery({
    queryKey: ['application', applNo ?? 0, 'documents', 'etc'],
    queryFn: () => getEtcUploadable(applNo!),
    enabled: !!applNo,
  });
}

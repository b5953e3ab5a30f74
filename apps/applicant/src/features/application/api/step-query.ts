import { useQuery } from '@tanstack/react-query';

export const stepQueryKey = (applNo: number, step: string) => ['application', applNo, 'step', step] as const;

/**
 * A step's GET: fetched fresh each time the step opens (never from cache), so
 * the form starts from the newest saved data and draft.
 */
export function useStepQuery<T>(applNo: number, step: string, fetcher: (applNo: number) => Promise<T>) {
  return useQuery({
    queryKey: stepQueryKey(applNo, step),
    queryFn: () => fetcher(applNo),
    staleTime: 0,
    gcTime: 0,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Recruit, RoundKey } from '../types';

export function getRecruit(round: RoundKey): Promise<Recruit> {
  return api.get<Recruit>('/apply/api/recruit', {
    params: { schoolCode: round.schoolCode, enterYear: round.enterYear, partSeq: round.recruitPartSeq },
  });
}

/** One round (the "recruit part" of spec section 3): parts, codes, consents, rules. */
export function useRecruit(round: RoundKey | null | undefined) {
  return useQuery({
    queryKey: ['recruit', round?.schoolCode, round?.enterYear, round?.recruitPartSeq],
    queryFn: () => getRecruit(round!),
    enabled: !!round?.schoolCode && !!round.enterYear && !!round.recruitPartSeq,
    staleTime: 5 * 60 * 1000,
  });
}

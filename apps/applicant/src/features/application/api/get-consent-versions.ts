import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Consent, RoundKey } from '../types';

/** One consent item of a round with every version of its text, the one in force first. */
export type ConsentVersions = { code: string; versions: Consent[] };

export function getConsentVersions(round: RoundKey): Promise<ConsentVersions[]> {
  return api.get<ConsentVersions[]>('/apply/api/recruit/consents', {
    params: { schoolCode: round.schoolCode, enterYear: round.enterYear, partSeq: round.recruitPartSeq },
  });
}

export function useConsentVersions(round: RoundKey | null) {
  return useQuery({
    queryKey: ['recruit', round?.schoolCode, round?.enterYear, round?.recruitPartSeq, 'consent-versions'],
    queryFn: () => getConsentVersions(round!),
    enabled: !!round,
    staleTime: 5 * 60 * 1000,
  });
}

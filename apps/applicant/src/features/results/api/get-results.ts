import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Bilingual } from '@/lib/bilingual';

export type DecisionKind = 'admit' | 'waitlist' | 'reject';

/** A published result (docs/officers.md): a round's results are in it only once released. */
export type DecisionResult = {
  applNo: number;
  schoolCode: string;
  enterYear: number;
  recruitPartSeq: number;
  decision: DecisionKind;
  /** the waiting-list number; 0 for the other decisions */
  rank: number;
  /** the decision's name ("합격", "예비 합격 (2번)", ...) as the result mail says it */
  label: Bilingual;
  /** the school's words to the applicants of this decision */
  message: Bilingual;
  releasedAt: string;
  /** an admission letter can be downloaded (admitted) */
  letter: boolean;
};

export function getResults(): Promise<DecisionResult[]> {
  return api.get<DecisionResult[]>('/apply/api-auth/appl/results', { silent: true });
}

/** The caller's published results; a round not yet released is simply absent. */
export function useResults() {
  return useQuery({ queryKey: ['results'], queryFn: getResults, staleTime: 30_000, retry: false });
}

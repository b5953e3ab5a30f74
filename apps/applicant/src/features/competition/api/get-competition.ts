import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A part's figures, or a round's sums (without the part's names). */
export type CompetitionLine = {
  applPartNo?: number;
  majorCode?: string;
  majorKorName?: string;
  majorEngName?: string;
  isMaster: boolean;
  detailRemkKor?: string;
  detailRemkEng?: string;
  /** how many the part admits; 0: not announced */
  quota: number;
  /** applications past submission */
  submitted: number;
  /** applications paid (COMPLETE) */
  completed: number;
  /** completed per place; null without a quota */
  ratio: number | null;
};

export type CompetitionRound = {
  enterYear: number;
  recruitPartSeq: number;
  korName: string;
  engName: string;
  submitOpen: boolean;
  parts: CompetitionLine[];
  totals: CompetitionLine;
};

/** A school's 경쟁률 page (issue 21 item 3): counted at most once a minute by the server. */
export type CompetitionPage = {
  schoolCode: string;
  schoolKorName: string;
  schoolEngName: string;
  /** when the figures were counted (RFC 3339, UTC) */
  countedAt: string;
  rounds: CompetitionRound[] | null;
};

/** GET /apply/api/competition/{school code or slug}; 404 competition.school_unknown. */
export function getCompetition(school: string): Promise<CompetitionPage> {
  return api.get<CompetitionPage>(`/apply/api/competition/${encodeURIComponent(school)}`, { silent: true });
}

/** The page's figures, asked again every minute while it is open (the server counts no more often). */
export function useCompetition(school: string) {
  return useQuery({
    queryKey: ['competition', school.toLowerCase()],
    queryFn: () => getCompetition(school),
    enabled: !!school,
    staleTime: 60_000,
    refetchInterval: 60_000,
    retry: false,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type RoundSummary = {
  schoolCode: string;
  enterYear: number;
  recruitPartSeq: number;
  korName: string;
  engName: string;
  schoolKorName?: string;
  schoolEngName?: string;
  color?: string;
  feeKrw?: number;
  feeUsd?: number;
  submitOpen: boolean;
  windows: { type: string; start: string; end: string; open: boolean }[] | null;
};

export function getRecruitList(schoolCode: string): Promise<RoundSummary[]> {
  return api.get<RoundSummary[]>('/apply/api/recruit/list', { params: { schoolCode } });
}

/** The school's rounds, newest first. */
export function useRecruitList(schoolCode: string | undefined) {
  return useQuery({
    queryKey: ['recruit-list', schoolCode],
    queryFn: () => getRecruitList(schoolCode!),
    enabled: !!schoolCode,
    staleTime: 60_000,
  });
}

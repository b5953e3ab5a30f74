import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ApplicationSummary = {
  applNo: number;
  id: number;
  applId: string | null;
  schoolComm: { schoolCode: string; enterYear: number; recruitPartSeq: number; korName: string; engName: string };
  roundKorName: string;
  roundEngName: string;
  majorCode: string;
  majorKorName: string;
  majorEngName: string;
  applPartlabel: { kor: string; eng: string } | null;
  status: string;
  reviewStatus: string | null;
  isApplReviewing: boolean;
  step: string;
  nextStep: string | null;
  steps: string[];
  savedSteps: string[];
  submitOpen: boolean;
  /** end of the round's SUBMIT window (RFC 3339), null when the round has none */
  submitDeadline?: string | null;
  /** the round's fees: won and US cents; both 0 for a free round */
  feeKrw?: number;
  feeUsd?: number;
  actions: string[];
  createdAt: string;
  updatedAt: string;
};

export function getApplications(): Promise<ApplicationSummary[]> {
  return api.get<ApplicationSummary[]>('/apply/api-auth/appl/list');
}

/** The caller's applications, newest first. */
export function useApplications() {
  return useQuery({ queryKey: ['applications'], queryFn: getApplications, staleTime: 0 });
}

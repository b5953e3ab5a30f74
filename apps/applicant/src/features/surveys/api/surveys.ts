import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SurveyAnswerDto, SurveyQuestion } from '@/types/survey';

/** A site survey as the applicant gets it (docs/api-surveys.md). */
export type SiteSurvey = {
  id: number;
  titleKo: string;
  titleEn: string;
  startDay: string;
  endDay: string;
  completion: boolean;
  questions: SurveyQuestion[];
  answered: boolean;
  open: boolean;
};

export const openSurveysKey = ['surveys', 'open'] as const;

export function useOpenSurveys() {
  return useQuery({ queryKey: openSurveysKey, queryFn: () => api.get<SiteSurvey[]>('/apply/api-auth/surveys') });
}

/** The completion survey of the round of a completed application (404: none). */
export function useCompletionSurvey(applNo: number | undefined) {
  return useQuery({
    queryKey: ['surveys', 'completion', applNo],
    queryFn: () => api.get<SiteSurvey>(`/apply/api-auth/appl/survey/${applNo}`, { silent: true }),
    enabled: !!applNo,
    retry: false,
  });
}

export function answerSurvey(id: number, answers: SurveyAnswerDto[]): Promise<SiteSurvey> {
  return api.post<SiteSurvey>(`/apply/api-auth/surveys/${id}/answers`, { answers });
}

/** Refreshes what lists surveys after an answer. */
export function useSurveysChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['surveys'] });
}

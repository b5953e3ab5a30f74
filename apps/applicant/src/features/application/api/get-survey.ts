import { api } from '@/lib/api-client';
import type { StepResponse, SurveyQuestion } from '../types';
import type { SurveyAnswerDto } from './get-part';
import { useStepQuery } from './step-query';

export type SurveyResponse = StepResponse & {
  questions: SurveyQuestion[] | null;
  answers: SurveyAnswerDto[] | null;
  alumni: boolean;
  contactCode: string;
};

export function getSurvey(applNo: number): Promise<SurveyResponse> {
  return api.get<SurveyResponse>(`/apply/api-auth/survey/${applNo}`);
}

export function useSurvey(applNo: number) {
  return useStepQuery(applNo, 'SURVEY', getSurvey);
}

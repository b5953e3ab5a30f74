import { api } from '@/lib/api-client';
import type { SurveyAnswerDto } from './get-part';
import type { SurveyResponse } from './get-survey';

export type SurveySaveRequest = { applNo: number; alumni: boolean; contactCode: string; answers: SurveyAnswerDto[] };

/** SURVEY (spec section 7): answers, applNo, alumni, contactCode. */
export function saveSurvey(body: SurveySaveRequest): Promise<SurveyResponse> {
  return api.post<SurveyResponse>('/apply/api-auth/survey/save', body, { forbiddenAsToast: true });
}

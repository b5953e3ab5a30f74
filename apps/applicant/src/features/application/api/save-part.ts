import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PartResponse, SurveyAnswerDto } from './get-part';

export type PartRequest = {
  applNo: number | null;
  applPartRequestList: [{
    schoolCode: string;
    enterYear: number;
    recruitPartSeq: number;
    majorCode: string;
    isMaster: boolean;
    isGeneralType: boolean;
    stayTypeCode: string;
    categoryCode: string;
  }];
  /** consent item code → version shown (required on creation). */
  consents?: Record<string, string>;
  surveyRequest?: { answers: SurveyAnswerDto[] };
};

/** Creates the application for a round, or changes the part of an existing one. */
export function savePart(body: PartRequest): Promise<PartResponse> {
  return api.post<PartResponse>('/apply/api-auth/appl/part', body, { forbiddenAsToast: true });
}

export function useSavePart() {
  return useMutation({ mutationFn: savePart });
}

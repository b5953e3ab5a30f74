import { api } from '@/lib/api-client';
import type { EssayQuestion, StepResponse } from '../types';
import type { EssayLang } from '../utils/text-count';
import { useStepQuery } from './step-query';

export type Certificate = { category: string; description: string; institution: string; issueDay: string };
export type EssayAnswer = { no: number; lang: EssayLang; text: string };

export type AddInfoResponse = StepResponse & {
  certificateList: Certificate[] | null;
  essays: EssayAnswer[] | null;
  essayQuestions: EssayQuestion[] | null;
  additionalCertificateCount: number;
};

export function getAddInfo(applNo: number): Promise<AddInfoResponse> {
  return api.get<AddInfoResponse>(`/apply/api-auth/appl/add-info/${applNo}`);
}

export function useAddInfo(applNo: number) {
  return useStepQuery(applNo, 'ADD_INFO_SAVE', getAddInfo);
}

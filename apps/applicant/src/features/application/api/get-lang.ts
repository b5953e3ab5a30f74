import { api } from '@/lib/api-client';
import type { LanguageExam, StepResponse } from '../types';
import { useStepQuery } from './step-query';

export type LanguageEntry = {
  nodeId: string; langExamCode: string; score: string; level: string; docNo: string;
  examDay: string; expiryDay: string; topik_seq: string;
};

export type LangResponse = StepResponse & { partLanguages: LanguageEntry[] | null; languageExams: LanguageExam[] | null };

export function getLang(applNo: number): Promise<LangResponse> {
  return api.get<LangResponse>(`/apply/api-auth/appl/lang/${applNo}`);
}

export function useLang(applNo: number) {
  return useStepQuery(applNo, 'LANG_SAVE', getLang);
}

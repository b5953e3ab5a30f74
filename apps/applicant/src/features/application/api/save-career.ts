import { api } from '@/lib/api-client';
import type { CareerEntry, CareerResponse } from './get-career';

/** CAREER_SAVE: only one current career (`careerList`). */
export function saveCareer(applNo: number, body: { careerList: CareerEntry[] }): Promise<CareerResponse> {
  return api.post<CareerResponse>(`/apply/api-auth/appl/career/${applNo}`, body, { forbiddenAsToast: true });
}

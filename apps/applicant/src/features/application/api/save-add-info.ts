import { api } from '@/lib/api-client';
import type { AddInfoResponse, Certificate, EssayAnswer } from './get-add-info';

/** ADD_INFO_SAVE: certificates (at most the part's count) and every essay within its limit. */
export function saveAddInfo(applNo: number, body: { certificateList: Certificate[]; essays: EssayAnswer[] }): Promise<AddInfoResponse> {
  return api.post<AddInfoResponse>(`/apply/api-auth/appl/add-info/${applNo}`, body, { forbiddenAsToast: true });
}

import { api } from '@/lib/api-client';
import type { ApplicantInfo, BasisResponse } from './get-basis';

/** BASIS_SAVE: validated by the server; 400 names the fields (`applicantInfo.korName`). */
export function saveBasis(applNo: number, body: { applicantInfo: ApplicantInfo }): Promise<BasisResponse> {
  return api.post<BasisResponse>(`/apply/api-auth/appl/basis/${applNo}`, body, { forbiddenAsToast: true });
}

import { api } from '@/lib/api-client';
import type { AcadRecord, AcadResponse } from './get-acad';

/** ACAD_SAVE: at least one record, exactly one final (`acadList`), per-record errors `acadList[1].gpa`. */
export function saveAcad(applNo: number, body: { acadList: AcadRecord[] }): Promise<AcadResponse> {
  return api.post<AcadResponse>(`/apply/api-auth/appl/acad/${applNo}`, body, { forbiddenAsToast: true });
}

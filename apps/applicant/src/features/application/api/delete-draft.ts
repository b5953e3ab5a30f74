import { api } from '@/lib/api-client';

/** Drops the step's draft (the user chose the saved values instead). */
export function deleteDraft(applNo: number, step: string): Promise<null> {
  return api.delete<null>(`/apply/api-auth/appl/draft/${applNo}/${step}`, { silent: true, background: true });
}

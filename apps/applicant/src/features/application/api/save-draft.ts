import { api } from '@/lib/api-client';

export type DraftSaved = { applNo: number; step: string; savedAt: string };

/**
 * Keeps the unsaved form state of a step on the server (not validated).
 * Quiet: a failed draft is reported by the form's draft status, not a toast.
 */
export function saveDraft(applNo: number, step: string, data: unknown, keepalive = false): Promise<DraftSaved> {
  return api.put<DraftSaved>(`/apply/api-auth/appl/draft/${applNo}/${step}`, data, {
    silent: true,
    background: true,
    keepalive,
  });
}

import { api } from '@/lib/api-client';
import type { LangResponse, LanguageEntry } from './get-lang';

/** LANG_SAVE: `nodeId` is sent back unchanged; the server gives new entries one. */
export function saveLang(applNo: number, body: { partLanguages: LanguageEntry[] }): Promise<LangResponse> {
  return api.post<LangResponse>(`/apply/api-auth/appl/lang/${applNo}`, body, { forbiddenAsToast: true });
}

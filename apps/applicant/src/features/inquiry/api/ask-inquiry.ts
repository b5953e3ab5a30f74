import { api } from '@/lib/api-client';
import type { Inquiry } from '../types';

export type InquiryDraft = { type: string; title: string; body: string; schoolCode: string };

/** The multipart form: the JSON request part first (the server checks it before it reads the file), then the file. */
export function inquiryForm(draft: InquiryDraft, file: File | null): FormData {
  const form = new FormData();
  form.append('request', new Blob([JSON.stringify(draft)], { type: 'application/json' }));
  if (file) form.append('file', file, file.name);
  return form;
}

export function askInquiry(draft: InquiryDraft, file: File | null): Promise<Inquiry> {
  return api.post<Inquiry>('/apply/api-auth/inquiry/user', inquiryForm(draft, file), { silent: true });
}

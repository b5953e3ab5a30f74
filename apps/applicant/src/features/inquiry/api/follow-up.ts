import { api } from '@/lib/api-client';
import type { Inquiry } from '../types';

export function followUp(no: number, body: string): Promise<Inquiry> {
  return api.post<Inquiry>(`/apply/api-auth/inquiry/user/${no}/follow-up`, { body }, { silent: true });
}

export function closeInquiry(no: number): Promise<Inquiry> {
  return api.post<Inquiry>(`/apply/api-auth/inquiry/user/${no}/close`);
}

import { api, ApiError } from '@/lib/api-client';
import { filenameFromDisposition } from '@/lib/download';
import type { SessionUser } from '@/lib/session';

type Message = { message?: string };

/** Find id and find password answer alike for every address (no enumeration). */
export const findId = (email: string, altcha: string) =>
  api.post<Message>('/user/api/find/id', { email, altcha }, { silent: true });

export const findPwd = (userId: string, email: string, altcha: string) =>
  api.post<Message>('/user/api/find/pwd', { userId, email, altcha }, { silent: true });

export type ResetLink = { userId: string; expireDate: string; hash: string };

export const checkReset = (l: ResetLink) =>
  api.get<{ valid: boolean }>('/user/api/reset', { params: l, silent: true });

export const resetPassword = (l: ResetLink, password: string) =>
  api.post<Message>('/user/api/reset', { ...l, password }, { silent: true });

export type Ticket = { ticket: string; expiresAt: string };

export const confirmPassword = (password: string) =>
  api.post<Ticket>('/user/api/confirm/pwd', { password, type: 'MODIPY' }, { silent: true });

export type MyInfo = {
  userId: string;
  email: string;
  phone: string;
  locale: string;
  createdAt: string;
  lastLoginAt: string | null;
};

/** My Info calls carry the ticket of /user/confirm/pwd. */
const withTicket = (ticket: string) => ({ headers: { 'X-Modify-Ticket': ticket }, silent: true });

export const getMyInfo = (ticket: string) => api.get<MyInfo>('/user/api/my-info', withTicket(ticket));

export const savePhone = (ticket: string, phone: string) =>
  api.put<{ phone: string; message: string }>('/user/api/my-info', { phone }, withTicket(ticket));

export const sendEmailChangeCode = (ticket: string, email: string) =>
  api.post<Message>('/user/api/my-info/email-code', { email }, withTicket(ticket));

export const changeEmail = (ticket: string, email: string, code: string) =>
  api.put<{ email: string; message: string }>('/user/api/my-info/email', { email, code }, withTicket(ticket));

export const changePassword = (ticket: string, currentPassword: string, newPassword: string) =>
  api.put<{ user: SessionUser; message: string }>(
    '/user/api/my-info/password',
    { currentPassword, newPassword },
    withTicket(ticket),
  );

export const withdraw = (ticket: string) =>
  api.post<Message>('/user/api/withdraw', { confirm: true }, withTicket(ticket));

/** My data as a ZIP (needs the ticket, so a fetch with its header, not a link). */
export async function exportMyData(ticket: string): Promise<{ blob: Blob; fileName: string }> {
  const res = await fetch('/user/api/my-info/export', { credentials: 'same-origin', headers: { 'X-Modify-Ticket': ticket } });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError(res.status, body, body.message ?? '');
  }
  return { blob: await res.blob(), fileName: filenameFromDisposition(res.headers.get('content-disposition'), 'gradapply-my-data.zip') };
}

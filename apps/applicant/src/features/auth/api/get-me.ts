import { api } from '@/lib/api-client';
import { readUserCookie, setUser, type SessionUser } from '@/lib/session';

export type Me = SessionUser & { email?: string; locale?: string };

export function getMe(): Promise<Me> {
  return api.get<Me>('/user/api/me', { quietUnauthorized: true, silent: false });
}

/**
 * On start: when the readable `user` cookie says we are signed in, confirm it
 * with the server. A 401 clears the local user without redirecting a visitor
 * who was only browsing the home page.
 */
export async function refreshSession(): Promise<void> {
  if (!readUserCookie()) return;
  try {
    const me = await getMe();
    if (me?.userId) setUser({ userId: me.userId, roles: me.roles ?? [], schoolCode: me.schoolCode ?? null, email: me.email });
  } catch {
    /* 401 already cleared the user; other errors keep the cookie's view */
  }
}

import { deleteCookie, readCookie } from './cookies';
import { createStore, useStore } from './store';

export const ROLES = {
  user: 'ROLE_USER',
  sysAdmin: 'ROLE_SYS_ADMIN',
  schoolAdmin: 'ROLE_SCHL_ADMIN',
  setAdmin: 'ROLE_SET_ADMIN',
  timeIndependent: 'ROLE_TIME_INDEPENDENT',
  settlementAdmin: 'ROLE_STLM_ADMIN',
  closeAdmin: 'ROLE_CLOSE_ADMIN',
} as const;

export type SessionUser = {
  userId: string;
  roles: string[];
  schoolCode?: string | null;
  email?: string;
};

/** Parses the readable `user` cookie (URL-encoded JSON) set by the server. */
export function readUserCookie(): SessionUser | null {
  const raw = readCookie('user');
  if (!raw) return null;
  try {
    // Go's url.QueryEscape writes spaces as '+' (a literal plus is %2B)
    let text = decodeURIComponent(raw.replace(/\+/g, ' '));
    // some servers quote cookie values
    if (text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
    const parsed = JSON.parse(text) as Partial<SessionUser>;
    if (!parsed || typeof parsed.userId !== 'string' || !parsed.userId) return null;
    return {
      userId: parsed.userId,
      roles: Array.isArray(parsed.roles) ? parsed.roles.filter((r) => typeof r === 'string') : [],
      schoolCode: parsed.schoolCode ?? null,
    };
  } catch {
    return null;
  }
}

export const sessionStore = createStore<SessionUser | null>(readUserCookie());

// Where a guarded page goes once the session has been ended on purpose (the
// account closed): not the login page a lapsed session goes to.
let endedTo: string | null = null;

export function setUser(user: SessionUser | null): void {
  if (user) endedTo = null;
  sessionStore.set(user);
}

/** Clears the local user state. The HttpOnly token cookie can only be
 * removed by the server (logout); the readable cookies are removed here.
 * `goTo` is where the page the user is on then goes, instead of the login page. */
export function clearUser(opts?: { goTo?: string }): void {
  endedTo = opts?.goTo ?? null;
  deleteCookie('user');
  sessionStore.set(null);
}

/** Where a guarded page sends a user whose session ended on purpose, if it did. */
export function sessionEndedTo(): string | null {
  return endedTo;
}

export function useUser(): SessionUser | null {
  return useStore(sessionStore);
}

export function hasRole(user: SessionUser | null, ...roles: string[]): boolean {
  return !!user && user.roles.some((r) => roles.includes(r));
}

import { describe, expect, it } from 'vitest';
import { clearUser, hasRole, readUserCookie, sessionStore } from './session';

const setUserCookie = (raw: string) => {
  document.cookie = `user=${raw}; path=/`;
};

describe('session from the readable user cookie', () => {
  it('reads URL-encoded JSON (encodeURIComponent or Go QueryEscape)', () => {
    setUserCookie(encodeURIComponent('{"userId":"kim1","roles":["ROLE_USER"],"schoolCode":null}'));
    expect(readUserCookie()).toEqual({ userId: 'kim1', roles: ['ROLE_USER'], schoolCode: null });
    // url.QueryEscape form, with a '+' for a space
    setUserCookie('%7B%22userId%22%3A%22kim2%22%2C%22roles%22%3A%5B%22ROLE_SCHL_ADMIN%22%5D%2C%22schoolCode%22%3A%22A+B%22%7D');
    expect(readUserCookie()).toEqual({ userId: 'kim2', roles: ['ROLE_SCHL_ADMIN'], schoolCode: 'A B' });
  });

  it('treats a missing or malformed cookie as a guest', () => {
    expect(readUserCookie()).toBeNull();
    setUserCookie('not-json');
    expect(readUserCookie()).toBeNull();
    setUserCookie(encodeURIComponent('{"roles":["ROLE_USER"]}'));
    expect(readUserCookie()).toBeNull();
  });

  it('clearUser drops the state and the readable cookie', () => {
    setUserCookie(encodeURIComponent('{"userId":"kim1","roles":["ROLE_USER"]}'));
    sessionStore.set({ userId: 'kim1', roles: ['ROLE_USER'] });
    clearUser();
    expect(sessionStore.get()).toBeNull();
    expect(readUserCookie()).toBeNull();
  });

  it('hasRole matches any of the given roles', () => {
    const u = { userId: 'a', roles: ['ROLE_SET_ADMIN'] };
    expect(hasRole(u, 'ROLE_SCHL_ADMIN', 'ROLE_SET_ADMIN')).toBe(true);
    expect(hasRole(u, 'ROLE_SYS_ADMIN')).toBe(false);
    expect(hasRole(null, 'ROLE_USER')).toBe(false);
  });
});

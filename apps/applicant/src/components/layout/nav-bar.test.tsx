import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NavBar } from './nav-bar';
import { jsonResponse, renderRoutes } from '@/testing/test-utils';
import { sessionStore, type SessionUser } from '@/lib/session';
import i18n from '@/lib/i18n';

function renderNav(user: SessionUser | null) {
  sessionStore.set(user);
  return renderRoutes([{ path: '*', element: <NavBar /> }], ['/']);
}

const has = (testId: string) => screen.queryByTestId(testId) !== null;

describe('<NavBar>', () => {
  it('guest: Sign In, Sign Up, FAQ and the language switch only', () => {
    renderNav(null);
    expect(screen.getByTestId('nav-login').textContent).toBe('로그인');
    expect(screen.getByTestId('nav-login').getAttribute('href')).toBe('/user/login');
    // issue 21: sign-up is in the header, starting with the terms
    expect(screen.getByTestId('nav-signup').textContent).toBe('회원가입');
    expect(screen.getByTestId('nav-signup').getAttribute('href')).toBe('/user/agree');
    expect(has('nav-faq')).toBe(true);
    expect(has('lang-toggle')).toBe(true);
    for (const id of ['nav-logout', 'nav-mylist', 'nav-inquiry', 'nav-user', 'nav-sysadmin', 'nav-schooladmin']) {
      expect(has(id), id).toBe(false);
    }
  });

  it('user: My List, Inquiry, user menu with the user id, Sign Out; no admin entries', () => {
    renderNav({ userId: 'applicant1', roles: ['ROLE_USER'] });
    expect(screen.getByTestId('nav-mylist').getAttribute('href')).toBe('/list');
    expect(has('nav-inquiry')).toBe(true);
    expect(has('nav-faq')).toBe(true);
    expect(screen.getByTestId('nav-user').textContent).toContain('applicant1');
    expect(screen.getByTestId('nav-logout').textContent).toBe('로그아웃');
    expect(has('nav-login')).toBe(false);
    expect(has('nav-signup')).toBe(false);
    expect(has('nav-sysadmin')).toBe(false);
    expect(has('nav-schooladmin')).toBe(false);

    fireEvent.click(screen.getByTestId('nav-user'));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByTestId('nav-my-inquiry').getAttribute('href')).toBe('/inquiry/user/list?userId=applicant1');
    expect(within(menu).getByTestId('nav-my-info').getAttribute('href')).toBe('/user/confirm/pwd?type=MODIPY');
    expect(within(menu).getByTestId('nav-my-receipts').getAttribute('href')).toBe('/user/pay/receipt');
  });

  it('system admin: the System Admin link is a full-page link to /sysadmin/', () => {
    renderNav({ userId: 'root', roles: ['ROLE_SYS_ADMIN'] });
    const link = screen.getByTestId('nav-sysadmin');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/sysadmin/');
    expect(has('nav-schooladmin')).toBe(false);
    expect(has('nav-logout')).toBe(true);
  });

  it.each([['ROLE_SCHL_ADMIN'], ['ROLE_SET_ADMIN']])('%s: the School Admin menu with its three entries', (role) => {
    renderNav({ userId: 'school1', roles: [role] });
    expect(has('nav-sysadmin')).toBe(false);
    fireEvent.click(screen.getByTestId('nav-schooladmin'));
    const menu = screen.getByRole('menu');
    const hrefs = ['nav-schooladmin-round', 'nav-schooladmin-recruit', 'nav-schooladmin-applid'].map((id) =>
      within(menu).getByTestId(id).getAttribute('href'),
    );
    expect(hrefs.every((h) => h?.startsWith('/sysadmin/'))).toBe(true);
    expect(within(menu).getByTestId('nav-schooladmin-round').textContent).toBe('전형 설정');
  });

  it('the language toggle switches ko <-> en and the texts (the server keeps the cookie: i18n.test)', async () => {
    renderNav(null);
    const toggle = screen.getByTestId('lang-toggle');
    expect(toggle.textContent).toBe('English');
    await act(async () => {
      fireEvent.click(toggle);
    });
    expect(i18n.language).toBe('en');
    expect(screen.getByTestId('nav-login').textContent).toBe('Sign In');
    expect(screen.getByTestId('lang-toggle').textContent).toBe('한국어');
    expect(document.documentElement.lang).toBe('en');
    await act(async () => {
      fireEvent.click(screen.getByTestId('lang-toggle'));
    });
    expect(i18n.language).toBe('ko');
    expect(screen.getByTestId('nav-login').textContent).toBe('로그인');
  });

  it('follows sign-in and sign-out without a reload', () => {
    renderNav(null);
    expect(has('nav-login')).toBe(true);
    act(() => sessionStore.set({ userId: 'kim', roles: ['ROLE_USER'] }));
    expect(has('nav-login')).toBe(false);
    expect(screen.getByTestId('nav-user').textContent).toContain('kim');
    act(() => sessionStore.set(null));
    expect(has('nav-login')).toBe(true);
  });

  it('shows the count of unread inquiry answers on the user menu and on My Inquiry, and nothing at zero', async () => {
    const fetchMock = vi.fn(async (url: string) => (String(url).includes('/inquiry/user/unread') ? jsonResponse({ count: 2 }) : jsonResponse({}, 404)));
    vi.stubGlobal('fetch', fetchMock);
    try {
      renderNav({ userId: 'applicant1', roles: ['ROLE_USER'] });
      const mark = await screen.findByTestId('nav-inquiry-unread');
      expect(mark.textContent).toBe('2 새 답변 2건');
      fireEvent.click(screen.getByTestId('nav-user'));
      expect(within(screen.getByRole('menu')).getByTestId('nav-my-inquiry-unread').textContent).toContain('새 답변 2건');
      cleanup();
      fetchMock.mockImplementation(async () => jsonResponse({ count: 0 }));
      renderNav({ userId: 'applicant1', roles: ['ROLE_USER'] });
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      expect(has('nav-inquiry-unread')).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

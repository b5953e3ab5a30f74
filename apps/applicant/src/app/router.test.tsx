import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUser } from '@/lib/session';
import { act } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { routes } from './router';
import { renderRoutes, jsonResponse } from '@/testing/test-utils';
import i18n from '@/lib/i18n';
import { sessionStore } from '@/lib/session';
import { accessState } from '@/lib/access-key';
import { toastStore } from '@/lib/notifications';

vi.mock('@/components/altcha/altcha-widget', () => ({
  AltchaWidget: () => null,
}));


beforeAll(async () => {
  await Promise.all([
    import('./routes/home'),
    import('./routes/login'),
    import('./routes/agree'),
    import('./routes/register'),
    import('./routes/logout'),
    import('@/components/coming-soon'),
    import('./routes/appl-agree'),
    import('./routes/school-main'),
    import('./routes/not-found'),
    import('./routes/appl-form'),
  ]);
});

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse({ status: 404, message: 'not found' }, 404));
  vi.stubGlobal('fetch', fetchMock);
});

describe('routes and document title', () => {
  it('sets the title from the route title key and follows navigation', async () => {
    const { router } = renderRoutes(routes, ['/']);
    await waitFor(() => expect(document.title).toBe('GradApply | 홈'));
    await act(() => router.navigate('/user/login'));
    await waitFor(() => expect(document.title).toBe('GradApply | 로그인'));
    await act(() => router.navigate('/faq'));
    await waitFor(() => expect(document.title).toBe('GradApply | 자주 묻는 질문'));
  });

  it('changes the title when the language changes', async () => {
    renderRoutes(routes, ['/user/login']);
    await waitFor(() => expect(document.title).toBe('GradApply | 로그인'));
    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(document.title).toBe('GradApply | Sign in'));
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
  });

  it('answers an unknown path with a page that says so, where it was asked (issue 21)', async () => {
    const { router } = renderRoutes(routes, ['/no/such/page']);
    expect(await screen.findByRole('heading', { level: 1, name: '페이지를 찾을 수 없습니다' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no/such/page');
    expect(screen.getByTestId('not-found-path').textContent).toContain('/no/such/page');
    await waitFor(() => expect(document.title).toBe('GradApply | 페이지를 찾을 수 없음'));
    expect(screen.getByTestId('not-found-home').getAttribute('href')).toBe('/');
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('GradApply | Page not found'));
  });

  it('shows a placeholder for routes not built yet', async () => {
    setUser({ userId: 'kim', roles: ['ROLE_USER'] });
    const { router } = renderRoutes(routes, ['/list']);
    await act(() => router.navigate('/temp', { state: accessState() }));
    expect(await screen.findByTestId('coming-soon')).toBeTruthy();
    setUser(null);
  });

  it('matches parameterised routes of the spec', async () => {
    const { router } = renderRoutes(routes, ['/ewha-gsis/main']);
    await waitFor(() => expect(document.title).toBe('GradApply | 학교 메인'));
    await act(() => router.navigate('/recommend/form/abc'));
    await waitFor(() => expect(document.title).toBe('GradApply | 추천서 작성'));
    await act(() => router.navigate('/recommend/abc'));
    await waitFor(() => expect(document.title).toBe('GradApply | 추천서 목록'));
    await act(() => router.navigate('/user/modify/pwd/kim/20260101/abcdef'));
    await waitFor(() => expect(document.title).toBe('GradApply | 비밀번호 재설정'));
  });
});

describe('guards', () => {
  it('an application route typed without the access key says "Incorrect approach" and goes home (guest)', async () => {
    const { router } = renderRoutes(routes, ['/appl/form']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(toastStore.get()?.message).toBe('잘못된 접근입니다.');
  });

  it('... and to the list when signed in', async () => {
    sessionStore.set({ userId: 'kim', roles: ['ROLE_USER'] });
    const { router } = renderRoutes(routes, ['/appl/agree']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
  });

  it('opens an application route reached in-app with the key', async () => {
    sessionStore.set({ userId: 'kim', roles: ['ROLE_USER'] });
    const { router } = renderRoutes(routes, ['/']);
    await act(() => router.navigate('/appl/agree', { state: accessState() }));
    expect(await screen.findByTestId('appl-agree-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/appl/agree');
  });

  // issue 21: a form step opened from a bookmark or a new tab (no router state)
  it('opens a form step that names its application in the address, the server deciding whose it is', async () => {
    toastStore.set(null);
    sessionStore.set({ userId: 'kim', roles: ['ROLE_USER'] });
    const asked: string[] = [];
    fetchMock.mockImplementation(async (url) => {
      asked.push(String(url));
      return jsonResponse({ status: 404, code: 'appl.not_found', message: '원서를 찾을 수 없습니다.' }, 404);
    });
    const { router } = renderRoutes(routes, ['/appl/form?applNo=7&step=BASIS_SAVE']);
    // the server was asked for application 7, and its "not found" is what the page says, in place
    expect(await screen.findByTestId('appl-not-found')).toBeTruthy();
    expect(asked.some((u) => u.includes('/apply/api-auth/appl/info/7'))).toBe(true);
    expect(router.state.location.pathname).toBe('/appl/form');
    expect(toastStore.get()).toBeNull();
  });

  it('sends a guest with a form step link to login, and back to it after', async () => {
    const { router } = renderRoutes(routes, ['/appl/form?applNo=7&step=BASIS_SAVE']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(router.state.location.state).toEqual({ from: '/appl/form?applNo=7&step=BASIS_SAVE' });
  });

  it('still refuses a typed form address that names no application', async () => {
    toastStore.set(null);
    sessionStore.set({ userId: 'kim', roles: ['ROLE_USER'] });
    const { router } = renderRoutes(routes, ['/appl/form?applNo=x&step=BASIS_SAVE']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(toastStore.get()?.message).toBe('잘못된 접근입니다.');
  });

  it('sends a guest from a signed-in page to login', async () => {
    const { router } = renderRoutes(routes, ['/list']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
  });

  it('sends /user/register without agreements back to the terms', async () => {
    const { router } = renderRoutes(routes, ['/user/register']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/agree'));
  });
});

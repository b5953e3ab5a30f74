import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from './index';
import { jsonResponse } from '@/testing/test-utils';
import { globalErrorStore, setGlobalError, showToast, toastStore } from '@/lib/notifications';
import { api } from '@/lib/api-client';

vi.mock('@/components/altcha/altcha-widget', () => ({ AltchaWidget: () => null }));


beforeAll(async () => {
  await Promise.all([
    import('./routes/home'),
    import('./routes/login'),
    import('./routes/agree'),
    import('./routes/register'),
    import('./routes/logout'),
    import('@/components/coming-soon'),
  ]);
});

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse([], 200)));
  window.history.replaceState(null, '', '/');
});

describe('<App> global behaviour', () => {
  it('renders the shell: nav, footer with the current year, home page', async () => {
    render(<App />);
    expect(await screen.findByTestId('start-application')).toBeTruthy();
    expect(screen.getByTestId('footer').textContent).toContain('123-45-67890');
    expect(screen.getByTestId('copyright').textContent).toContain(String(new Date().getFullYear()));
  });

  it('a global error sends the user home and shows the error toast', async () => {
    window.history.replaceState(null, '', '/user/login');
    render(<App />);
    await screen.findByTestId('login-submit');
    act(() => setGlobalError('서버 오류가 발생했습니다.'));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    const el = screen.getByTestId('global-error');
    expect(el.textContent).toContain('오류 알림');
    expect(el.textContent).toContain('서버 오류가 발생했습니다.');
  });

  it('the X button dismisses the global error and the toast', async () => {
    render(<App />);
    await screen.findByTestId('start-application');
    act(() => setGlobalError('boom'));
    fireEvent.click(screen.getByTestId('global-error').querySelector('button')!);
    expect(globalErrorStore.get()).toBeNull();
    act(() => showToast('warn text'));
    expect(screen.getByTestId('toast').textContent).toContain('warn text');
    fireEvent.click(screen.getByTestId('toast').querySelector('button')!);
    expect(toastStore.get()).toBeNull();
  });

  it('a 401 from any call signs out and lands on /user/login with the message', async () => {
    document.cookie = `user=${encodeURIComponent(JSON.stringify({ userId: 'kim', roles: ['ROLE_USER'] }))}; path=/`;
    render(<App />);
    await screen.findByTestId('start-application');
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ status: 401, message: '다시 로그인해 주세요.' }, 401)));
    await act(async () => {
      await api.get('/apply/api-auth/appl/part/1').catch(() => undefined);
    });
    await waitFor(() => expect(window.location.pathname).toBe('/user/login'));
    expect(screen.getByTestId('toast').textContent).toContain('다시 로그인해 주세요.');
    expect(screen.getByTestId('nav-login')).toBeTruthy();
  });

  it('shows the loading bar while a call runs', async () => {
    render(<App />);
    await screen.findByTestId('start-application');
    let resolve!: (r: Response) => void;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((r) => (resolve = r))));
    let pending!: Promise<unknown>;
    act(() => {
      pending = api.get('/slow');
    });
    expect(screen.getByTestId('global-loading')).toBeTruthy();
    await act(async () => {
      resolve(jsonResponse({}));
      await pending;
    });
    expect(screen.queryByTestId('global-loading')).toBeNull();
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';
import i18n from './i18n';
import { sessionStore, readUserCookie } from './session';
import { globalErrorStore, toastStore } from './notifications';
import { loadingStore } from './loading';
import { setNavigator } from './navigation';
import { jsonResponse } from '@/testing/test-utils';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();

function lastRequest(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
}

beforeEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(navigate);
});

describe('api client: request', () => {
  it('sends JSON with same-origin credentials and returns the parsed body', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ ok: 1 }));
    await expect(api.post('/user/api/x', { a: 1 })).resolves.toEqual({ ok: 1 });
    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();
  });

  it('sends the current locale as Accept-Language', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    await api.get('/apply/api/standard/schl');
    expect(lastRequest().headers['Accept-Language']).toBe('ko');
    await i18n.changeLanguage('en');
    await api.get('/apply/api/standard/schl');
    expect(lastRequest().headers['Accept-Language']).toBe('en');
  });

  it('adds X-XSRF-TOKEN from the XSRF-TOKEN cookie on unsafe methods only', async () => {
    document.cookie = 'XSRF-TOKEN=abc%2B123; path=/';
    fetchMock.mockImplementation(async () => jsonResponse({}));
    for (const call of [
      () => api.post('/a', {}),
      () => api.put('/a', {}),
      () => api.patch('/a', {}),
      () => api.delete('/a'),
    ]) {
      await call();
      expect(lastRequest().headers['X-XSRF-TOKEN']).toBe('abc+123');
    }
    await api.get('/a');
    expect(lastRequest().headers['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('encodes query parameters', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ available: true }));
    await api.get('/user/api/check-id', { params: { userId: 'kim 1', skip: undefined } });
    expect(lastRequest().url).toBe('/user/api/check-id?userId=kim+1');
  });

  it('handles 204 without a body', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.post('/user/api/logout')).resolves.toBeNull();
  });

  it('raises the global loading flag while a call runs', async () => {
    let resolve!: (r: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (resolve = r)));
    const pending = api.get('/slow');
    expect(loadingStore.get()).toBe(1);
    resolve(jsonResponse({}));
    await pending;
    expect(loadingStore.get()).toBe(0);
  });
});

describe('api client: errors (spec section 8)', () => {
  it('401 clears the user, shows the server message and goes to /user/login', async () => {
    document.cookie = `user=${encodeURIComponent(JSON.stringify({ userId: 'kim', roles: ['ROLE_USER'] }))}; path=/`;
    sessionStore.set({ userId: 'kim', roles: ['ROLE_USER'] });
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ status: 401, code: 'auth.required', message: '다시 로그인해 주세요.' }, 401),
    );
    const error = (await api.get('/user/api/me').catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(sessionStore.get()).toBeNull();
    expect(readUserCookie()).toBeNull();
    expect(toastStore.get()).toMatchObject({ message: '다시 로그인해 주세요.', severity: 'warning' });
    expect(navigate).toHaveBeenCalledWith('/user/login', expect.anything());
  });

  it('401 on a quiet call clears the user without toast or redirect', async () => {
    sessionStore.set({ userId: 'kim', roles: ['ROLE_USER'] });
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 401, message: 'x' }, 401));
    await api.get('/user/api/me', { quietUnauthorized: true }).catch(() => undefined);
    expect(sessionStore.get()).toBeNull();
    expect(toastStore.get()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('400 shows warningMessage in a warning toast and throws code and field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          status: 400,
          code: 'validation.failed',
          message: 'generic',
          warningMessage: '입력값을 확인해 주세요.',
          fields: { userId: 'ID is already occupied.' },
        },
        400,
      ),
    );
    const error = (await api.post('/user/api/sign-up', {}).catch((e) => e)) as ApiError;
    expect(toastStore.get()).toMatchObject({ message: '입력값을 확인해 주세요.', severity: 'warning' });
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation.failed');
    expect(error.fields).toEqual({ userId: 'ID is already occupied.' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('400 without warningMessage shows message', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 400, message: 'only message' }, 400));
    await api.get('/a').catch(() => undefined);
    expect(toastStore.get()?.message).toBe('only message');
  });

  it('500 without a body shows the catalogue "server error" text', async () => {
    fetchMock.mockResolvedValueOnce(new Response('boom', { status: 500 }));
    await api.get('/a').catch(() => undefined);
    expect(toastStore.get()?.message).toBe('서버 오류가 발생했습니다.');
    await i18n.changeLanguage('en');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    await api.get('/a').catch(() => undefined);
    expect(toastStore.get()?.message).toBe('server error occurred');
  });

  it('403 sets the global error with the generic server error, once', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ status: 403, message: 'forbidden detail' }, 403));
    await api.get('/apply/api-auth/admin/users').catch(() => undefined);
    const first = globalErrorStore.get();
    expect(first?.message).toBe('서버 오류가 발생했습니다.');
    await api.get('/apply/api-auth/admin/users').catch(() => undefined);
    expect(globalErrorStore.get()).toBe(first);
    expect(toastStore.get()).toBeNull();
  });

  it('a 403 refusal with its own message (the period has ended) is a toast when the caller asks, and the page stays', async () => {
    const message = '원서 접수 기간이 종료되었습니다. (마감 2026-12-01 00:00)';
    fetchMock.mockImplementation(async () => jsonResponse({ status: 403, code: 'window.closed', message, warningMessage: message }, 403));
    const error = (await api.post('/apply/api-auth/appl/basis/1', {}, { forbiddenAsToast: true }).catch((e) => e)) as ApiError;
    expect(error.code).toBe('window.closed');
    expect(toastStore.get()?.message).toBe(message);
    expect(globalErrorStore.get()).toBeNull();
  });

  it('silent calls report nothing but still reject', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 500, message: 'x' }, 500));
    await expect(api.get('/apply/api/standard/schl', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toastStore.get()).toBeNull();
  });

  it('a network failure becomes an ApiError with status 0 and a toast', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = (await api.get('/a').catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(toastStore.get()?.severity).toBe('warning');
    expect(loadingStore.get()).toBe(0);
  });
});

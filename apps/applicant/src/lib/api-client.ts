import i18n, { currentLanguage } from './i18n';
import { readCookie } from './cookies';
import { clearUser } from './session';
import { beginLoading, endLoading } from './loading';
import { globalErrorStore, pushError, setGlobalError, showToast } from './notifications';
import { appNavigate, currentPathname } from './navigation';
import { paths } from '@/config/paths';

/** The one error shape of the API (docs/api-platform.md). */
export type ApiErrorBody = {
  status?: number;
  code?: string;
  message?: string;
  warningMessage?: string;
  fields?: Record<string, string>;
  captchaRequired?: boolean;
  [key: string]: unknown;
};

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string>;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody, fallbackMessage: string) {
    super(body.warningMessage || body.message || fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields ?? {};
    this.body = body;
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** No toast, no redirect: the caller handles every error (e.g. the optional school list). */
  silent?: boolean;
  /** On 401 only clear the local user (used by the start-up "me" call). */
  quietUnauthorized?: boolean;
  /** Show network and unexpected errors as the global error (spec: "alert flag"). */
  alert?: boolean;
  /** Let the request outlive the page (a last draft sent while the tab closes). */
  keepalive?: boolean;
  /** Do not raise the global loading bar (background saves such as drafts). */
  background?: boolean;
  /** A 403 is a business refusal with its own message (e.g. the application period has ended):
   * show it as a toast and stay on the page instead of the global error. */
  forbiddenAsToast?: boolean;
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function buildUrl(url: string, params?: RequestOptions['params']): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null) search.append(k, String(v));
  }
  const qs = search.toString();
  if (!qs) return url;
  return url + (url.includes('?') ? '&' : '?') + qs;
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return null;
  const text = await res.text();
  if (!text) return null;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{"]/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function serverErrorText(): string {
  return i18n.t('error.server');
}

function handleError(error: ApiError, options: RequestOptions): void {
  pushError(error);
  if (options.silent) return;
  const { status, body } = error;
  const text = body.warningMessage || body.message || serverErrorText();

  if (status === 401) {
    clearUser();
    if (options.quietUnauthorized) return;
    showToast(body.message || body.warningMessage || i18n.t('error.loginAgain'), 'warning');
    const loginPath = paths.user.login.path;
    appNavigate(loginPath, { replace: currentPathname() === loginPath });
    return;
  }
  if (status === 403) {
    if (options.forbiddenAsToast && (body.message || body.warningMessage)) {
      showToast(text, 'warning');
      return;
    }
    if (!globalErrorStore.get()) setGlobalError(serverErrorText());
    return;
  }
  if (status === 404) {
    // stored only; the page decides what to show
    return;
  }
  if (status === 400 || status === 409 || status === 422 || status === 429 || status >= 500) {
    showToast(text, 'warning');
    return;
  }
  if (options.alert) setGlobalError(text);
}

/**
 * The one HTTP client: JSON in and out, same-origin cookies, the current
 * locale as Accept-Language, the CSRF header on unsafe methods, and the
 * global error handling of spec section 8. Resolves with the parsed JSON;
 * rejects with an ApiError carrying status, code and field errors.
 */
export async function apiRequest<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // multipart: the browser sets the type with its boundary
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (UNSAFE.has(method)) {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
  }

  if (!options.background) beginLoading();
  try {
    let res: Response;
    try {
      res = await fetch(buildUrl(url, options.params), {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: options.signal,
        keepalive: options.keepalive,
      });
    } catch (cause) {
      if ((cause as Error)?.name === 'AbortError') throw cause;
      const error = new ApiError(0, { code: 'network.error' }, i18n.t('error.network'));
      pushError(error);
      if (!options.silent) {
        if (options.alert) setGlobalError(error.message);
        else showToast(error.message, 'warning');
      }
      throw error;
    }
    const data = await parseBody(res);
    if (!res.ok) {
      const errBody: ApiErrorBody =
        data && typeof data === 'object' ? (data as ApiErrorBody) : { message: undefined };
      const error = new ApiError(res.status, { status: res.status, ...errBody }, serverErrorText());
      handleError(error, options);
      throw error;
    }
    return data as T;
  } finally {
    if (!options.background) endLoading();
  }
}

export const api = {
  get: <T>(url: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(url, { ...options, method: 'GET' }),
  post: <T>(url: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(url, { ...options, method: 'POST', body }),
  put: <T>(url: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(url, { ...options, method: 'PUT', body }),
  patch: <T>(url: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(url, { ...options, method: 'PATCH', body }),
  delete: <T>(url: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(url, { ...options, method: 'DELETE' }),
};

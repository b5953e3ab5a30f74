import { fetchUtils, HttpError } from 'react-admin';
import { readCookie } from './cookies';
import { currentLocale } from './locale';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** The server's error body (docs/api-platform.md, spec section 8). */
export interface ApiErrorBody {
    status?: number;
    code?: string;
    message?: string;
    warningMessage?: string;
    fields?: Record<string, string>;
    captchaRequired?: boolean;
}

/**
 * The server names fields as the JSON it was sent ("windows.SUBMIT.startDay",
 * "parts[0].majorCode"); react-admin shows server-side validation errors at
 * the fields from body.errors, an object of the form's shape.
 */
export const nestFieldErrors = (fields: Record<string, string>, root?: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [name, message] of Object.entries(fields)) {
        const path = name.replace(/\[(\d+)\]/g, '.$1').split('.');
        let node = out;
        path.forEach((key, i) => {
            if (i === path.length - 1) {
                if (typeof node[key] !== 'object') node[key] = message;
            } else {
                if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
                node = node[key] as Record<string, unknown>;
            }
        });
    }
    if (root) out.root = { serverError: root };
    return out;
};

/** What a person should read for a failed call: warningMessage, else message. */
export const errorText = (body: ApiErrorBody | null | undefined, fallback: string): string =>
    body?.warningMessage || body?.message || fallback;

/**
 * Builds the request headers every call needs: JSON, the current locale as
 * Accept-Language, and on unsafe methods the CSRF proof copied from the
 * readable XSRF-TOKEN cookie (the session cookie itself is HttpOnly).
 */
export const buildHeaders = (method: string | undefined, given?: HeadersInit): Headers => {
    const headers = new Headers(given);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    headers.set('Accept-Language', currentLocale());
    if (!SAFE_METHODS.includes((method || 'GET').toUpperCase())) {
        const token = readCookie(XSRF_COOKIE);
        if (token) headers.set(XSRF_HEADER, token);
    }
    return headers;
};

/**
 * fetchUtils.fetchJson with the cookie session (same origin only), the
 * locale and CSRF headers, and errors carrying the server's own text.
 */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
    const headers = buildHeaders(options.method, options.headers);
    try {
        return await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
    } catch (error) {
        if (error instanceof HttpError) {
            const body = (error.body ?? null) as ApiErrorBody | null;
            // Without a JSON body only the status is known: say so in the user's language.
            const fallback = error.status >= 500 ? 'app.error.server' : 'ra.notification.http_error';
            const withErrors = body?.fields ? { ...body, errors: nestFieldErrors(body.fields, errorText(body, fallback)) } : body;
            throw new HttpError(errorText(body, fallback), error.status, withErrors);
        }
        // fetch itself failed: offline, server down, blocked.
        throw new HttpError('ra.notification.http_error', 0, null);
    }
};

import { fetchUtils, HttpError } from 'react-admin';
import { errorText, nestFieldErrors, type ApiErrorBody } from './apiErrors';
import type { Progress } from './api';
import { readCookie } from './cookies';
import { currentLocale } from './locale';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

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

/** A file name from Content-Disposition (the UTF-8 form first). */
export const fileNameOf = (disposition: string | null, fallback: string): string => {
    if (!disposition) return fallback;
    const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
    if (star) return decodeURIComponent(star[1]);
    const plain = /filename="([^"]+)"/i.exec(disposition);
    return plain ? plain[1] : fallback;
};

/**
 * Downloads a file streamed by the server, reporting the bytes received as
 * they arrive (against X-Export-Bytes when the server sends it), and hands
 * it to the browser as a download. Answers the file name.
 */
export const downloadFile = async (url: string, onProgress: (p: Progress) => void): Promise<string> => {
    const res = await fetch(url, { headers: buildHeaders('GET'), credentials: 'same-origin' });
    if (!res.ok) {
        // A refusal without a JSON body reads as the generic message.
        const body = (await res.json().catch(() => null)) as ApiErrorBody | null;
        throw new HttpError(errorText(body, 'ra.notification.http_error'), res.status, body);
    }
    const total = Number(res.headers.get('X-Export-Bytes') ?? res.headers.get('Content-Length') ?? 0) || 0;
    const chunks: BlobPart[] = [];
    let received = 0;
    onProgress({ received, total });
    if (res.body) {
        const reader = res.body.getReader();
        for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            chunks.push(value);
            received += value.byteLength;
            onProgress({ received, total });
        }
    } else {
        const blob = await res.blob();
        chunks.push(blob);
        received = blob.size;
        onProgress({ received, total });
    }
    const name = fileNameOf(res.headers.get('Content-Disposition'), 'download');
    const blob = new Blob(chunks, { type: res.headers.get('Content-Type') ?? 'application/octet-stream' });
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    return name;
};

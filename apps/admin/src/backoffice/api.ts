import { HttpError } from 'react-admin';
import { ADMIN_API } from '../dataProvider';
import { buildHeaders, errorText, httpClient, type ApiErrorBody } from '../httpClient';

/** One JSON call to the admin API (errors carry the server's own text). */
export const adminCall = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const { json } = await httpClient(`${ADMIN_API}${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    return json as T;
};

/** A JSON GET outside the admin prefix (e.g. the documents of an application). */
export const apiGet = async <T = unknown>(url: string): Promise<T> => {
    const { json } = await httpClient(url);
    return json as T;
};

/** The field errors of a failed call, keyed by field. */
export const fieldErrors = (error: unknown): Record<string, string> =>
    error instanceof HttpError ? ((error.body as ApiErrorBody | null)?.fields ?? {}) : {};

export interface Progress {
    received: number;
    /** Expected bytes, 0 when the server cannot tell beforehand. */
    total: number;
}

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
 * it to the browser as a download.
 */
export const download = async (url: string, onProgress: (p: Progress) => void): Promise<string> => {
    const res = await fetch(url, { headers: buildHeaders('GET'), credentials: 'same-origin' });
    if (!res.ok) {
        let body: ApiErrorBody | null = null;
        try {
            body = (await res.json()) as ApiErrorBody;
        } catch {
            body = null;
        }
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

/** A byte count for people: 1.2 MB, 340 KB. */
export const bytesText = (n: number): string => {
    if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
    if (n >= 1024) return `${Math.round(n / 1024)} KB`;
    return `${n} B`;
};

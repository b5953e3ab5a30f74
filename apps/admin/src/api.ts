/**
 * What the data provider hands each feature's custom methods: the admin API
 * root and a few calls made by the app's one HTTP client (the session
 * cookie, the locale and CSRF headers, the server's own error texts). A
 * feature names its endpoints in its methods.ts; its pages call those
 * methods through useDataProvider, never an HTTP client.
 */

/** Admin API root (docs/api-platform.md, "Admin"). Paging via Content-Range. */
export const ADMIN_API = '/apply/api-auth/admin';

/** Bytes of a download received so far. */
export interface Progress {
    received: number;
    /** Expected bytes, 0 when the server cannot tell beforehand. */
    total: number;
}

export interface Api {
    get<T>(url: string): Promise<T>;
    post<T>(url: string, body?: unknown): Promise<T>;
    put<T>(url: string, body: unknown): Promise<T>;
    /** Streams a file to the browser's downloads, reporting progress; answers the file name. */
    download(url: string, onProgress: (p: Progress) => void): Promise<string>;
}

/** A path segment, escaped. */
export const seg = (v: string | number) => encodeURIComponent(String(v));

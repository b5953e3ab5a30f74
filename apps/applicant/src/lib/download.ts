import i18n, { currentLanguage } from './i18n';
import { ApiError, type ApiErrorBody } from './api-client';
import { pushError, showToast } from './notifications';

/** The file name of a Content-Disposition header: filename* (RFC 5987, UTF-8) first, then filename. */
export function filenameFromDisposition(header: string | null | undefined, fallback = 'download'): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (plain) return (plain[2] ?? plain[1]).trim();
  return fallback;
}

export type FetchedFile = { blob: Blob; fileName: string };

/** Downloads ask for Korean (seed section 7: "downloads fixed to Korean"). */
export const DOWNLOAD_LANGUAGE = 'ko';

/**
 * GET a file of an owner-checked endpoint as a blob (same-origin cookies,
 * Accept-Language: ko whatever the interface language, unless the caller
 * asks for another: the admission letter follows the interface); onProgress gets
 * 0..1 as the bytes arrive when the server says how many there are. A
 * refusal becomes an ApiError and a warning toast: the server's text in a
 * Korean interface, a generic one in the interface's language otherwise.
 */
export async function fetchFile(
  url: string,
  fallbackName = 'download',
  onProgress?: (fraction: number) => void,
  language: string = DOWNLOAD_LANGUAGE,
): Promise<FetchedFile> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin', headers: { 'Accept-Language': language } });
  } catch {
    const error = new ApiError(0, { code: 'network.error' }, i18n.t('error.network'));
    pushError(error);
    showToast(error.message, 'warning');
    throw error;
  }
  if (!res.ok) {
    let body: ApiErrorBody = {};
    try {
      body = (await res.json()) as ApiErrorBody;
    } catch {
      /* not JSON */
    }
    if (currentLanguage() !== language) {
      const text = i18n.t('flow.downloadFailed');
      body = { ...body, message: text, warningMessage: text };
    }
    const error = new ApiError(res.status, { status: res.status, ...body }, i18n.t('error.server'));
    pushError(error);
    showToast(error.message, 'warning');
    throw error;
  }
  const blob = await readBlob(res, onProgress);
  return { blob, fileName: filenameFromDisposition(res.headers.get('Content-Disposition'), fallbackName) };
}

async function readBlob(res: Response, onProgress?: (fraction: number) => void): Promise<Blob> {
  const total = Number(res.headers.get('Content-Length'));
  if (!onProgress || !res.body || !(total > 0)) {
    const blob = await res.blob();
    onProgress?.(1);
    return blob;
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  onProgress(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    loaded += value.byteLength;
    onProgress(Math.min(1, loaded / total));
  }
  onProgress(1);
  return new Blob(chunks, { type: res.headers.get('Content-Type') ?? 'application/octet-stream' });
}

/** Hand a blob to the browser as a download under its name. */
export function saveBlob({ blob, fileName }: FetchedFile): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Open a blob in a new tab (preview); the object URL keeps our origin, so no server page is framed. */
export function openBlob({ blob }: FetchedFile): void {
  const href = URL.createObjectURL(blob);
  window.open(href, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export async function downloadFile(url: string, fallbackName?: string): Promise<void> {
  saveBlob(await fetchFile(url, fallbackName));
}

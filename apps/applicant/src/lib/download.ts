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

/**
 * GET a file of an owner-checked endpoint as a blob (same-origin cookies,
 * locale); a refusal becomes an ApiError and a warning toast with the server's text.
 */
export async function fetchFile(url: string, fallbackName = 'download'): Promise<FetchedFile> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin', headers: { 'Accept-Language': currentLanguage() } });
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
    const error = new ApiError(res.status, { status: res.status, ...body }, i18n.t('error.server'));
    pushError(error);
    showToast(error.message, 'warning');
    throw error;
  }
  const blob = await res.blob();
  return { blob, fileName: filenameFromDisposition(res.headers.get('Content-Disposition'), fallbackName) };
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

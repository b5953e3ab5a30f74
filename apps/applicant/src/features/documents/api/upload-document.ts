import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n, { currentLanguage } from '@/lib/i18n';
import { ApiError, type ApiErrorBody } from '@/lib/api-client';
import { readCookie } from '@/lib/cookies';
import { pushError } from '@/lib/notifications';
import { clearUser } from '@/lib/session';
import { appNavigate } from '@/lib/navigation';
import { paths } from '@/config/paths';
import type { DocumentView } from '../types';
import { documentsKey } from './get-documents';

export type UploadTarget = { itemCode: string; seq?: number; fileName?: string };

export type UploadInput = UploadTarget & {
  applNo: number;
  file: Blob & { name?: string };
  /** 0..1 as the bytes leave the browser */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** Anything with the parts of XMLHttpRequest the upload uses (tests pass a fake). */
export type XhrLike = Pick<XMLHttpRequest, 'open' | 'send' | 'setRequestHeader' | 'abort' | 'status' | 'responseText'> & {
  upload: { onprogress: ((e: ProgressEvent) => void) | null };
  onload: ((e: ProgressEvent) => void) | null;
  onerror: ((e: ProgressEvent) => void) | null;
  onabort: ((e: ProgressEvent) => void) | null;
  withCredentials: boolean;
};

export const uploadUrl = (applNo: number) => `/apply/api-auth/appl/doc/upload/${applNo}`;

/** The multipart body: the JSON `request` part first, then the `file` part (the server streams and needs the item before the bytes). */
export function uploadForm(target: UploadTarget, file: Blob & { name?: string }): FormData {
  const form = new FormData();
  const request: UploadTarget = { itemCode: target.itemCode };
  if (target.seq !== undefined) request.seq = target.seq;
  if (target.fileName) request.fileName = target.fileName;
  form.append('request', new Blob([JSON.stringify(request)], { type: 'application/json' }));
  form.append('file', file, target.fileName ?? file.name ?? 'file');
  return form;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Upload one file with XMLHttpRequest (fetch reports no upload progress).
 * Sends the same locale and CSRF headers as the API client; rejects with an
 * ApiError whose `fields.file` is the server's localised refusal.
 */
export function uploadDocument(input: UploadInput, createXhr: () => XhrLike = () => new XMLHttpRequest() as unknown as XhrLike): Promise<DocumentView> {
  return new Promise<DocumentView>((resolve, reject) => {
    const xhr = createXhr();
    xhr.open('POST', uploadUrl(input.applNo), true);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', decodeURIComponent(xsrf));
    xhr.upload.onprogress = (e: ProgressEvent) => {
      if (e.lengthComputable && e.total > 0) input.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        input.onProgress?.(1);
        resolve(data as DocumentView);
        return;
      }
      const body: ApiErrorBody = data && typeof data === 'object' ? (data as ApiErrorBody) : {};
      const error = new ApiError(xhr.status, { status: xhr.status, ...body }, i18n.t('error.server'));
      pushError(error);
      if (xhr.status === 401) {
        clearUser();
        appNavigate(paths.user.login.path);
      }
      reject(error);
    };
    xhr.onerror = () => {
      const error = new ApiError(0, { code: 'network.error' }, i18n.t('error.network'));
      pushError(error);
      reject(error);
    };
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    input.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(uploadForm(input, input.file));
  });
}

/** The text to show at the item for a failed upload. */
export function refusalMessage(error: unknown, t: (key: string) => string = (k) => i18n.t(k)): string {
  if (error instanceof ApiError) {
    if (error.fields.file) return error.fields.file;
    if (error.fields.itemCode) return error.fields.itemCode;
    if (error.status === 413) return t('documents.error.bodyTooLarge');
    if (error.status === 0) return error.message || t('error.network');
    const text = error.body.warningMessage || error.body.message;
    if (text) return text;
  }
  return t('documents.error.uploadFailed');
}

export function useUploadDocument(applNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<UploadInput, 'applNo'>) => uploadDocument({ ...input, applNo }),
    onSuccess: (view) => {
      queryClient.setQueryData(documentsKey(applNo), view);
    },
  });
}

import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { refusalMessage, uploadDocument, uploadForm, type XhrLike } from './upload-document';

class FakeXhr implements XhrLike {
  upload = { onprogress: null as ((e: ProgressEvent) => void) | null };
  onload: ((e: ProgressEvent) => void) | null = null;
  onerror: ((e: ProgressEvent) => void) | null = null;
  onabort: ((e: ProgressEvent) => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(method: string, url: string | URL) {
    this.method = method;
    this.url = String(url);
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body?: Document | XMLHttpRequestBodyInit | null) {
    this.body = body as FormData;
  }
  abort() {
    this.onabort?.({} as ProgressEvent);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.({} as ProgressEvent);
  }
}

const pdf = () => new File(['%PDF-1.4 test'], '성적증명서.pdf', { type: 'application/pdf' });

describe('uploadForm', () => {
  it('puts the JSON request part before the file part', async () => {
    const form = uploadForm({ itemCode: '00099', seq: 2 }, pdf());
    const names = Array.from(form.keys());
    expect(names).toEqual(['request', 'file']);
    const request = form.get('request') as Blob;
    expect(request.type).toBe('application/json');
    expect(JSON.parse(await request.text())).toEqual({ itemCode: '00099', seq: 2 });
    expect((form.get('file') as File).name).toBe('성적증명서.pdf');
  });
  it('sends only the item code for a normal item', async () => {
    const form = uploadForm({ itemCode: '00003' }, pdf());
    expect(JSON.parse(await (form.get('request') as Blob).text())).toEqual({ itemCode: '00003' });
  });
});

describe('uploadDocument', () => {
  it('posts to the owner route with locale and CSRF headers and reports progress', async () => {
    document.cookie = 'XSRF-TOKEN=tok%2Ben; path=/';
    const xhr = new FakeXhr();
    const progress = vi.fn();
    const done = uploadDocument({ applNo: 41, itemCode: '00003', file: pdf(), onProgress: progress }, () => xhr);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/apply/api-auth/appl/doc/upload/41');
    expect(xhr.headers['X-XSRF-TOKEN']).toBe('tok+en');
    expect(xhr.headers['Accept-Language']).toMatch(/^(ko|en)$/);
    expect(Array.from(xhr.body!.keys())).toEqual(['request', 'file']);
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 5, total: 0 } as ProgressEvent);
    xhr.respond(200, { applNo: 41, status: 'ADD_INFO_SAVE', list: [], etcList: [] });
    const view = await done;
    expect(view.applNo).toBe(41);
    expect(progress.mock.calls.map((c) => c[0])).toEqual([0.25, 1, 1]);
  });

  it('rejects a refusal with the server message at fields.file', async () => {
    const xhr = new FakeXhr();
    const done = uploadDocument({ applNo: 41, itemCode: '00002', file: pdf() }, () => xhr);
    xhr.respond(400, { status: 400, code: 'file.content_mismatch', fields: { file: '파일 내용이 확장자와 맞지 않습니다.' } });
    const err = await done.catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(refusalMessage(err)).toBe('파일 내용이 확장자와 맞지 않습니다.');
  });

  it('rejects a network failure with status 0', async () => {
    const xhr = new FakeXhr();
    const done = uploadDocument({ applNo: 1, itemCode: '00002', file: pdf() }, () => xhr);
    xhr.onerror?.({} as ProgressEvent);
    const err = await done.catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
  });

  it('aborts through the signal', async () => {
    const xhr = new FakeXhr();
    const ctl = new AbortController();
    const done = uploadDocument({ applNo: 1, itemCode: '00002', file: pdf(), signal: ctl.signal }, () => xhr);
    ctl.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('refusalMessage', () => {
  const t = (k: string) => `t:${k}`;
  it('maps each refusal to its text', () => {
    expect(refusalMessage(new ApiError(400, { fields: { itemCode: 'Unknown document item.' } }, ''), t)).toBe('Unknown document item.');
    expect(refusalMessage(new ApiError(403, { code: 'file.extra_not_allowed', message: 'This school does not accept extra documents.' }, ''), t)).toBe(
      'This school does not accept extra documents.',
    );
    expect(refusalMessage(new ApiError(413, {}, ''), t)).toBe('t:documents.error.bodyTooLarge');
    expect(refusalMessage(new ApiError(500, {}, ''), t)).toBe('t:documents.error.uploadFailed');
    expect(refusalMessage(new Error('x'), t)).toBe('t:documents.error.uploadFailed');
  });
});

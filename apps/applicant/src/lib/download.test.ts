import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from './i18n';
import { fetchFile, filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it('prefers the UTF-8 name', () => {
    expect(
      filenameFromDisposition(`attachment; filename="___.pdf"; filename*=UTF-8''%EC%84%B1%EC%A0%81%EC%A6%9D%EB%AA%85%EC%84%9C.pdf`),
    ).toBe('성적증명서.pdf');
  });
  it('reads a plain name, quoted or not', () => {
    expect(filenameFromDisposition('attachment; filename="slip.pdf"')).toBe('slip.pdf');
    expect(filenameFromDisposition('attachment; filename=slip.pdf')).toBe('slip.pdf');
  });
  it('falls back', () => {
    expect(filenameFromDisposition(null, 'x.pdf')).toBe('x.pdf');
    expect(filenameFromDisposition('inline', 'x.pdf')).toBe('x.pdf');
  });
});

describe('fetchFile', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('ko');
  });

  it('asks for Korean in an English interface (seed section 7) and reports progress', async () => {
    await i18n.changeLanguage('en');
    const bytes = new Uint8Array(10_000).fill(37);
    const fetchMock = vi.fn(async () =>
      new Response(bytes, { headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(bytes.length), 'Content-Disposition': 'attachment; filename="slip.pdf"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const seen: number[] = [];
    const f = await fetchFile('/apply/api-auth/appl/slip/7', 'x.pdf', (p) => seen.push(p));
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('ko');
    expect(f.fileName).toBe('slip.pdf');
    expect(f.blob.size).toBe(bytes.length);
    expect(seen[seen.length - 1]).toBe(1);
  });

  it('shows a refusal in the interface language, not the Korean text asked for', async () => {
    await i18n.changeLanguage('en');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 'slip.not_ready', message: '수험표는 아직 없습니다.' }), { status: 409 })));
    await expect(fetchFile('/apply/api-auth/appl/slip/7')).rejects.toThrow('The file could not be downloaded. Please try again later.');
  });
});

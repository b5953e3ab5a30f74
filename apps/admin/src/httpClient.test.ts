import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { httpClient, buildHeaders, downloadFile, fileNameOf } from './httpClient';
import { dataProvider, withMethods } from './dataProvider';
import { mockFetch, setCookie } from './test/fetchMock';

describe('httpClient headers', () => {
    it('sends the locale cookie as Accept-Language (ko when there is none)', async () => {
        const { calls } = mockFetch(() => ({ body: {} }));
        await httpClient('/apply/api/x');
        setCookie('locale', 'en');
        await httpClient('/apply/api/x');
        setCookie('locale', 'fr'); // not ours: fall back to Korean
        await httpClient('/apply/api/x');
        expect(calls.map(c => c.headers.get('Accept-Language'))).toEqual(['ko', 'en', 'ko']);
    });

    it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post'])('%s carries X-XSRF-TOKEN from the XSRF-TOKEN cookie', async method => {
        setCookie('XSRF-TOKEN', 'a1b2+c3/=');
        const { calls } = mockFetch(() => ({ body: {} }));
        await httpClient('/apply/api-auth/admin/users/1', { method, body: '{}' });
        expect(calls[0].headers.get('X-XSRF-TOKEN')).toBe('a1b2+c3/=');
        expect(calls[0].credentials).toBe('same-origin');
    });

    it.each(['GET', 'HEAD', undefined])('%s does not carry the CSRF token', async method => {
        setCookie('XSRF-TOKEN', 'tok');
        expect(buildHeaders(method).has('X-XSRF-TOKEN')).toBe(false);
    });

    it('never sends Authorization (the HttpOnly cookie authenticates)', async () => {
        const { calls } = mockFetch(() => ({ body: {} }));
        await httpClient('/x', { method: 'POST', body: '{}' });
        expect(calls[0].headers.has('Authorization')).toBe(false);
        expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    });

    it('keeps headers the caller gave (the Range header of ra-data-simple-rest)', () => {
        const h = buildHeaders('GET', new Headers({ Range: 'users=0-9' }));
        expect(h.get('Range')).toBe('users=0-9');
        expect(h.get('Accept')).toBe('application/json');
    });
});

describe('httpClient errors', () => {
    it('prefers warningMessage, then message', async () => {
        mockFetch(() => ({ status: 400, body: { status: 400, code: 'x', message: 'plain', warningMessage: '경고 문구' } }));
        const e1 = await httpClient('/x').catch(e => e);
        expect(e1).toBeInstanceOf(HttpError);
        expect(e1.message).toBe('경고 문구');
        expect(e1.status).toBe(400);
        expect(e1.body.code).toBe('x');

        mockFetch(() => ({ status: 403, body: { status: 403, message: '권한이 없습니다.' } }));
        await expect(httpClient('/x')).rejects.toThrow('권한이 없습니다.');
    });

    it('says "server error" for a 5xx without a JSON body, and http_error when the network fails', async () => {
        mockFetch(() => ({ status: 502 }));
        await expect(httpClient('/x')).rejects.toThrow('app.error.server');
        mockFetch(() => new TypeError('Failed to fetch'));
        const e = await httpClient('/x').catch(e => e);
        expect(e).toBeInstanceOf(HttpError);
        expect(e.message).toBe('ra.notification.http_error');
    });
});

describe('dataProvider (ra-data-simple-rest on /apply/api-auth/admin)', () => {
    it('pages, sorts and filters users and reads the total from Content-Range', async () => {
        const rows = [{ id: 11, userId: 'kim01', email: 'k@example.com', status: 'ACTIVE', roles: ['ROLE_USER'] }];
        const { calls } = mockFetch(() => ({ body: rows, headers: { 'Content-Range': 'users 10-19/123' } }));
        const result = await dataProvider.getList('users', {
            pagination: { page: 2, perPage: 10 },
            sort: { field: 'createdAt', order: 'DESC' },
            filter: { q: 'kim', status: 'ACTIVE' },
        });
        expect(result).toMatchObject({ data: rows, total: 123 });
        const url = new URL(calls[0].url, 'http://localhost');
        expect(url.pathname).toBe('/apply/api-auth/admin/users');
        expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['createdAt', 'DESC']);
        expect(JSON.parse(url.searchParams.get('range')!)).toEqual([10, 19]);
        expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: 'kim', status: 'ACTIVE' });
        expect(calls[0].headers.get('Accept-Language')).toBe('ko');
    });

    it('reads one user', async () => {
        const { calls } = mockFetch(() => ({ body: { id: 7, userId: 'lee' } }));
        const { data } = await dataProvider.getOne('users', { id: 7 });
        expect(data.userId).toBe('lee');
        expect(calls[0].url).toBe('/apply/api-auth/admin/users/7');
    });

    it('refuses a method name given twice, where a spread would keep only the last', () => {
        const noop = async () => ({});
        expect(() => withMethods(dataProvider, { getList: noop })).toThrow('getList');
        expect(() => withMethods(dataProvider, { refund: noop }, { refund: noop })).toThrow('refund');
        expect(Object.keys(withMethods(dataProvider, { refund: noop }))).toContain('refund');
    });

    it('sends a custom method through the same client: CSRF proof, JSON body, the server\'s field errors', async () => {
        setCookie('XSRF-TOKEN', 'csrf-9');
        const { calls } = mockFetch(() => ({ status: 400, body: { status: 400, message: '사유를 입력해 주세요.', fields: { reason: '필수입니다.' } } }));
        const e = (await dataProvider.setRoundClosure('236-2027-1', 'close', '').catch(x => x)) as HttpError;
        expect(e).toBeInstanceOf(HttpError);
        expect(e.body.fields).toEqual({ reason: '필수입니다.' });
        expect(calls[0]).toMatchObject({ url: '/apply/api-auth/admin/round-closures/236-2027-1/close', method: 'POST', body: { reason: '' } });
        expect(calls[0].headers.get('X-XSRF-TOKEN')).toBe('csrf-9');
    });

    it('exports a round as a file through its custom method, with progress', async () => {
        const seen: string[] = [];
        vi.stubGlobal('fetch', vi.fn(async (url: string) => {
            seen.push(url);
            return new Response(new Uint8Array(10), { status: 200, headers: { 'X-Export-Bytes': '10', 'Content-Disposition': 'attachment; filename="applicants.xlsx"' } });
        }));
        const u = URL as unknown as { createObjectURL: (b: Blob) => string; revokeObjectURL: (s: string) => void };
        u.createObjectURL = () => 'blob:x';
        u.revokeObjectURL = () => {};
        vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
        const progress: number[] = [];
        const name = await dataProvider.exportRound('applicants', { schoolCode: '236', enterYear: '2027', recruitPartSeq: '1' }, p => progress.push(p.received));
        expect(name).toBe('applicants.xlsx');
        expect(seen).toEqual(['/apply/api-auth/admin/exports/applicants?schoolCode=236&enterYear=2027&recruitPartSeq=1']);
        expect(progress.at(-1)).toBe(10);
    });
});

describe('downloads', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('reads the UTF-8 file name first, then the ASCII one', () => {
        expect(fileNameOf(`attachment; filename="a_.zip"; filename*=UTF-8''%EC%84%9C%EB%A5%98.zip`, 'x')).toBe('서류.zip');
        expect(fileNameOf('attachment; filename="applicants.xlsx"', 'x')).toBe('applicants.xlsx');
        expect(fileNameOf(null, 'download')).toBe('download');
    });

    it('reports progress chunk by chunk against X-Export-Bytes, then saves the file', async () => {
        const parts = [new Uint8Array(300), new Uint8Array(700)];
        const body = new ReadableStream<Uint8Array>({
            start(c) {
                parts.forEach(p => c.enqueue(p));
                c.close();
            },
        });
        vi.stubGlobal('fetch', vi.fn(async () => new Response(body, {
            status: 200,
            headers: { 'X-Export-Bytes': '1000', 'Content-Disposition': 'attachment; filename="documents.zip"', 'Content-Type': 'application/zip' },
        })));
        const u = URL as unknown as { createObjectURL: (b: Blob) => string; revokeObjectURL: (s: string) => void };
        const saved: Blob[] = [];
        u.createObjectURL = b => {
            saved.push(b);
            return 'blob:x';
        };
        u.revokeObjectURL = () => {};
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
        const seen: number[] = [];
        const name = await downloadFile('/x', p => {
            expect(p.total).toBe(1000);
            seen.push(p.received);
        });
        expect(name).toBe('documents.zip');
        expect(seen).toEqual([0, 300, 1000]);
        expect(click).toHaveBeenCalledOnce();
        expect(saved[0].size).toBe(1000);
    });

    it('turns a refused download into the server message', async () => {
        vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: 404, message: '모집 회차를 찾을 수 없습니다.' }), { status: 404 })));
        await expect(downloadFile('/x', () => {})).rejects.toThrow('모집 회차를 찾을 수 없습니다.');
    });

});

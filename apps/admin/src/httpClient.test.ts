import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { httpClient, buildHeaders } from './httpClient';
import { dataProvider } from './dataProvider';
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
});

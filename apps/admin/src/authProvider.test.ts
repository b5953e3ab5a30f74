import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, LoginError, NOT_ADMIN, resetAuthState } from './authProvider';
import { mockFetch, setCookie, type Call } from './test/fetchMock';
import { enMessages, koMessages } from './i18n/catalogue';
import { leaves } from './i18n/merge';

// What /user/api/me answers: whether the person may enter and which pages
// they get is the server's say (core/permission), never a table in the app.
const admin = { userId: 'sysadmin', roles: ['ROLE_SYS_ADMIN'], schoolCode: null, adminArea: true, adminPages: ['users', 'info-inquiry'] };
const applicant = { userId: 'kim01', roles: ['ROLE_USER'], schoolCode: null, adminArea: false, adminPages: [] };

const message = (tree: object, key: string) => new Map(leaves(tree)).get(key);
const posts = (calls: Call[], url: string) => calls.filter(c => c.method === 'POST' && c.url === url);

/** A fake server: login answers with `user`, /me with `me` (null = 401). */
const server = (user: object, me: object | null = user) =>
    mockFetch(({ url, method }) => {
        if (url === '/user/api/login' && method === 'POST') {
            setCookie('XSRF-TOKEN', 'csrf-after-login');
            return { body: { accessToken: 'opaque', user } };
        }
        if (url === '/user/api/logout' && method === 'POST') return { status: 204 };
        if (url === '/user/api/me') return me ? { body: me } : { status: 401, body: { status: 401, message: 'login' } };
        return undefined;
    });

beforeEach(() => resetAuthState());

const getIdentity = () => authProvider.getIdentity();

describe('login', () => {
    it('posts userId and password (react-admin username mapped to userId) and lets an admin in', async () => {
        const { calls } = server(admin);
        await authProvider.login({ username: ' sysadmin ', password: 'Secret123' });
        const [login] = posts(calls, '/user/api/login');
        expect(login.body).toEqual({ userId: 'sysadmin', password: 'Secret123' });
        expect(login.credentials).toBe('same-origin');
        await expect(authProvider.checkAuth()).resolves.toBeUndefined();
        expect(posts(calls, '/user/api/logout')).toHaveLength(0);
    });

    it.each(['ROLE_SCHL_ADMIN', 'ROLE_SET_ADMIN', 'ROLE_STLM_ADMIN', 'ROLE_CLOSE_ADMIN'])('lets %s in when the server says so', async role => {
        server({ userId: 'staff', roles: ['ROLE_USER', role], adminArea: true, adminPages: [] });
        await expect(authProvider.login({ userId: 'staff', password: 'x' })).resolves.toBeUndefined();
    });

    it('refuses an applicant with the localised no-admin-rights message and closes the session it opened', async () => {
        const { calls } = server(applicant);
        const error = await authProvider.login({ userId: 'kim01', password: 'Secret123' }).catch(e => e);
        expect(error).toBeInstanceOf(LoginError);
        expect(error.message).toBe(NOT_ADMIN);
        expect(message(koMessages, NOT_ADMIN)).toBe('관리자 권한이 없습니다.');
        expect(message(enMessages, NOT_ADMIN)).toBe('This account has no administrator rights.');
        const [logout] = posts(calls, '/user/api/logout');
        expect(logout).toBeDefined();
        expect(logout.headers.get('X-XSRF-TOKEN')).toBe('csrf-after-login');
    });

    it.each([['ROLE_TIME_INDEPENDENT'], ['ROLE_SYS_ADMIN'], []])('refuses %j when the server says no admin area', async (...roles) => {
        server({ userId: 'x', roles: roles.flat(), adminArea: false, adminPages: [] });
        await expect(authProvider.login({ userId: 'x', password: 'y' })).rejects.toThrow(NOT_ADMIN);
    });

    it("shows the server's warningMessage for a failed login and keeps its code", async () => {
        mockFetch(() => ({
            status: 400,
            body: { status: 400, code: 'captcha.required', message: 'm', warningMessage: '보안 확인이 필요합니다.', captchaRequired: true },
        }));
        const error = await authProvider.login({ userId: 'a', password: 'b' }).catch(e => e);
        expect(error).toBeInstanceOf(LoginError);
        expect(error.message).toBe('보안 확인이 필요합니다.');
        expect(error.code).toBe('captcha.required');
        expect(error.status).toBe(400);
    });

    it('falls back to message when there is no warningMessage', async () => {
        mockFetch(() => ({ status: 401, body: { status: 401, code: 'login.failed', message: '아이디 또는 비밀번호가 틀렸습니다.' } }));
        await expect(authProvider.login({ userId: 'a', password: 'b' })).rejects.toThrow('아이디 또는 비밀번호가 틀렸습니다.');
    });
});

describe('logout', () => {
    it('calls POST /user/api/logout with the CSRF header', async () => {
        setCookie('XSRF-TOKEN', 'tok-1');
        const { calls } = server(admin);
        await authProvider.checkAuth();
        await authProvider.logout();
        const [logout] = posts(calls, '/user/api/logout');
        expect(logout).toBeDefined();
        expect(logout.headers.get('X-XSRF-TOKEN')).toBe('tok-1');
        expect(logout.credentials).toBe('same-origin');
    });

    it('after logout the next check asks the server again', async () => {
        let me: object | null = admin;
        const { calls } = mockFetch(({ url }) => (url === '/user/api/me' ? (me ? { body: me } : { status: 401, body: {} }) : { status: 204 }));
        await authProvider.login({ userId: 'sysadmin', password: 'x' });
        me = null;
        await authProvider.logout();
        await expect(authProvider.checkAuth()).rejects.toMatchObject({ reason: 'none' });
        expect(calls.filter(c => c.url === '/user/api/me')).toHaveLength(2);
    });

    it("does not revoke a signed-in applicant's session when they are merely refused entry", async () => {
        const { calls } = server(applicant);
        await expect(authProvider.checkAuth()).rejects.toMatchObject({ reason: 'not_admin', message: false });
        await authProvider.logout(); // what react-admin does after a failed checkAuth
        expect(posts(calls, '/user/api/logout')).toHaveLength(0);
    });
});

describe('checkAuth', () => {
    it('rejects on 401 from /user/api/me', async () => {
        const { calls } = server(admin, null);
        await expect(authProvider.checkAuth()).rejects.toMatchObject({ reason: 'none' });
        expect(calls[0].url).toBe('/user/api/me');
        expect(calls[0].method).toBe('GET');
    });

    it('rejects a session whose roles are not admin roles', async () => {
        server(applicant);
        await expect(authProvider.checkAuth()).rejects.toMatchObject({ reason: 'not_admin' });
    });

    it('says the session ended when an admin session of this tab turns 401', async () => {
        let me: object | null = admin;
        mockFetch(({ url }) => (url === '/user/api/me' ? (me ? { body: me } : { status: 401, body: {} }) : { status: 204 }));
        await authProvider.checkAuth();
        me = null;
        await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ reason: 'expired' });
        await expect(authProvider.checkAuth()).rejects.toMatchObject({ reason: 'expired' });
    });

    it('asks /me once for checkAuth, permissions and identity together', async () => {
        const { calls } = server({ ...admin, roles: ['ROLE_SCHL_ADMIN'], schoolCode: '236', adminPages: ['users'] });
        await Promise.all([authProvider.checkAuth(), authProvider.getPermissions(), getIdentity()]);
        expect(calls.filter(c => c.url === '/user/api/me')).toHaveLength(1);
        expect(await authProvider.getPermissions()).toEqual({ roles: ['ROLE_SCHL_ADMIN'], pages: ['users'] });
        expect(await getIdentity()).toMatchObject({ id: 'sysadmin', fullName: 'sysadmin', schoolCode: '236' });
    });
});

describe('checkError', () => {
    it('signs out on 401 only; a 403 keeps the admin signed in', async () => {
        await expect(authProvider.checkError({ status: 401 })).rejects.toBeDefined();
        await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
        await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    });
});

describe('canAccess', () => {
    // The roles say nothing to the app: only the pages the server lists count.
    it.each([
        [['ROLE_SYS_ADMIN'], ['users', 'health'], true],
        [['ROLE_SCHL_ADMIN'], ['users'], true],
        [['ROLE_SYS_ADMIN'], ['info-inquiry'], false],
        [['ROLE_STLM_ADMIN'], ['settlement/list'], false],
    ])('users list for %j with pages %j: %s', async (roles, adminPages, allowed) => {
        server({ userId: 'a', roles, adminArea: true, adminPages });
        await expect(authProvider.canAccess({ resource: 'users' })).resolves.toBe(allowed);
    });
});

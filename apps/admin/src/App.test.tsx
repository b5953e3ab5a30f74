import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { AdminRouterProvider, routes } from './router';
import { resetAuthState } from './authProvider';
import { mockFetch, setCookie, type Call } from './test/fetchMock';
import { readCookie } from './cookies';

const SYS_PAGES = ['users', 'info-inquiry', 'recruit-part/list', 'applId/check', 'pay/info', 'settlement/list', 'inquiry/manage',
    'recommend/template', 'user/management', 'auth/list', 'health'];
const admin = { userId: 'sysadmin', email: 'a@example.com', roles: ['ROLE_SYS_ADMIN'], schoolCode: null, locale: 'ko', adminArea: true, adminPages: SYS_PAGES };
const applicant = { userId: 'kim01', email: 'k@example.com', roles: ['ROLE_USER'], schoolCode: null, locale: 'ko', adminArea: false, adminPages: [] };
const users = [
    { id: 2, userId: 'kim01', email: 'kim01@example.com', status: 'ACTIVE', roles: ['ROLE_USER'], createdAt: '2026-03-01T00:00:00Z', lastLoginAt: null },
    { id: 3, userId: 'lee02', email: 'lee02@example.com', status: 'WITHDRAW', roles: ['ROLE_USER'], createdAt: '2026-03-02T00:00:00Z', lastLoginAt: '2026-03-03T01:02:00Z' },
];

const inquiry = { id: 7, userId: 'kim01', type: 'payment', title: '전형료 환불 문의', schoolCode: '236', status: 'waiting', unread: false,
    createdAt: '2026-03-01T00:00:00Z', updatedAt: '2026-03-01T00:00:00Z', answers: 0, file: null };

const rounds = [{ schoolCode: '236', enterYear: 2027, recruitPartSeq: 1, korName: '2027 전기', engName: '2027 Spring', feeKrw: 80000,
    feeUsd: 7000, steps: [], windows: [{ type: 'APPLY', start: '2026-10-01T10:00:00+09:00', end: '2026-10-31T17:00:00+09:00', open: false }] }];

/** A fake server with a session that login and logout change. */
const fakeServer = (initial: object | null, accounts: Record<string, object> = {}) => {
    let session: object | null = initial;
    return mockFetch(({ url, method, body }) => {
        const path = url.split('?')[0];
        if (path === '/user/api/me') return session ? { body: session } : { status: 401, body: { status: 401, message: '로그인이 필요합니다.' } };
        if (path === '/user/api/login' && method === 'POST') {
            const user = accounts[(body as { userId: string }).userId];
            if (!user) return { status: 401, body: { status: 401, code: 'login.failed', message: '아이디 또는 비밀번호를 확인해 주세요.' } };
            session = user;
            setCookie('XSRF-TOKEN', 'csrf-1');
            return { body: { accessToken: 't', user } };
        }
        if (path === '/user/api/logout' && method === 'POST') {
            session = null;
            return { status: 204 };
        }
        if (path === '/user/api/locale' && method === 'PUT') {
            // the server sets the cookie (one day, configured domain)
            setCookie('locale', (body as { locale: string }).locale);
            return { status: 204 };
        }
        if (path === '/apply/api-auth/admin/users') return { body: users, headers: { 'Content-Range': `users 0-1/2` } };
        if (path === '/apply/api/recruit/list') return { body: rounds };
        if (path === '/apply/api-auth/admin/inquiries')
            return { body: [inquiry], headers: { 'Content-Range': 'inquiries 0-0/1' } };
        if (path.startsWith('/apply/api-auth/admin/recruit-part/inquiry/236/2027/1/0'))
            return { body: { items: [{ itemCode: 'PASSPORT', display: true, required: true }, { itemCode: 'VISA', display: false, required: false }] } };
        if (path === '/actuator/health') return { body: { status: 'UP', components: { db: { status: 'UP' }, redis: { status: 'OUT_OF_SERVICE' } } } };
        return undefined;
    });
};

const renderAt = (path: string) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(<AdminRouterProvider router={router} />);
    return router;
};

const signIn = async (userId: string, password = 'Secret123') => {
    const form = (await screen.findByTestId('login-submit', {}, { timeout: 40_000 })).closest('form')!;
    fireEvent.change(form.querySelector('input[name="userId"]')!, { target: { value: userId } });
    fireEvent.change(form.querySelector('input[name="password"]')!, { target: { value: password } });
    fireEvent.click(screen.getByTestId('login-submit'));
};

const logoutCalls = (calls: Call[]) => calls.filter(c => c.url === '/user/api/logout');

// Whole-app renders under jsdom take seconds on a 2-core machine.

beforeEach(() => {
    resetAuthState();
});

describe('admin app', () => {
    it('shows a signed-in applicant the login page with the no-admin-rights refusal, keeping their session', async () => {
        const { calls } = fakeServer(applicant);
        const router = renderAt('/users');
        const alert = await screen.findByTestId('login-error', {}, { timeout: 40_000 });
        expect(alert.textContent).toContain('관리자 권한이 없습니다.');
        expect(router.state.location.pathname).toBe('/login');
        expect(logoutCalls(calls)).toHaveLength(0);
        expect(calls.some(c => c.url.startsWith('/apply/api-auth/admin'))).toBe(false);
    });

    it('refuses applicant credentials typed into the admin login', async () => {
        const { calls } = fakeServer(null, { kim01: applicant });
        const router = renderAt('/');
        await signIn('kim01');
        const alert = await screen.findByTestId('login-error', {}, { timeout: 40_000 });
        expect(alert.textContent).toContain('관리자 권한이 없습니다.');
        expect(router.state.location.pathname).toBe('/login');
        expect(logoutCalls(calls)).toHaveLength(1);
    });

    it("shows the server's message for wrong credentials", async () => {
        fakeServer(null, {});
        renderAt('/');
        await signIn('nobody');
        expect((await screen.findByTestId('login-error', {}, { timeout: 40_000 })).textContent).toContain('아이디 또는 비밀번호를 확인해 주세요.');
    });

    it('signs an admin in, lists applicants with paging, and shows health in the spec colours', async () => {
        const { calls } = fakeServer(null, { sysadmin: admin });
        const router = renderAt('/users');
        await signIn('sysadmin');
        expect(await screen.findByText('kim01@example.com', {}, { timeout: 40_000 })).toBeTruthy();
        expect(router.state.location.pathname).toBe('/users');
        expect(screen.getByText('탈퇴')).toBeTruthy(); // WITHDRAW chip, in Korean
        expect(screen.getByText('2026-03-03 10:02')).toBeTruthy(); // Asia/Seoul
        const list = calls.find(c => c.url.startsWith('/apply/api-auth/admin/users'))!;
        const q = new URL(list.url, 'http://x').searchParams;
        expect(JSON.parse(q.get('range')!)).toEqual([0, 9]);
        expect(JSON.parse(q.get('sort')!)).toEqual(['createdAt', 'DESC']);
        expect(list.headers.get('Accept-Language')).toBe('ko');

        router.navigate('/');
        await screen.findByTestId('health-overall', {}, { timeout: 40_000 });
        await waitFor(() => expect(screen.getByTestId('health-overall').getAttribute('data-status')).toBe('UP'), { timeout: 40_000 });
        expect(screen.getByTestId('health-redis').getAttribute('data-status')).toBe('OUT_OF_SERVICE');
        expect(within(screen.getByTestId('health-db')).getByText('정상')).toBeTruthy();
    });

    it('sends /user/list to the users list and inquiry/manage to the inquiries', async () => {
        fakeServer(admin);
        const router = renderAt('/user/list');
        await screen.findByText('kim01@example.com', {}, { timeout: 40_000 });
        expect(router.state.location.pathname).toBe('/users');
        router.navigate('/inquiry/manage');
        expect(await screen.findByText('전형료 환불 문의', {}, { timeout: 40_000 })).toBeTruthy();
        expect(router.state.location.pathname).toBe('/inquiries');
        expect(screen.getByText('답변 대기')).toBeTruthy();
    });

    it('shows the menu the server lists for a school admin and opens the round settings read-only', async () => {
        const schoolAdmin = { userId: 'ewha', email: 'e@example.com', roles: ['ROLE_SCHL_ADMIN'], schoolCode: '236', locale: 'ko',
            adminArea: true, adminPages: ['users', 'info-inquiry', 'recruit-part/list'] };
        fakeServer(schoolAdmin);
        const router = renderAt('/');
        const link = await screen.findByTestId('menu-info-inquiry', {}, { timeout: 40_000 });
        expect(screen.queryByText('결제 내역')).toBeNull();
        expect((await screen.findAllByText('모집 전형')).length).toBeGreaterThan(0);
        fireEvent.click(link);
        const table = await screen.findByTestId('info-inquiry-rounds', {}, { timeout: 40_000 });
        expect(router.state.location.pathname).toBe('/info-inquiry');
        expect(table.textContent).toContain('2027 전기');
        expect(table.textContent).toContain('80,000 KRW');
        await waitFor(() => expect(table.textContent).toContain('PASSPORT · 필수'));
        expect(table.textContent).toContain('VISA · 숨김');
    });

    it('switches to English and stores it in the shared locale cookie', async () => {
        const { calls } = fakeServer(null);
        renderAt('/');
        await screen.findByTestId('login-submit', {}, { timeout: 40_000 });
        expect(screen.getByTestId('locale-switcher').getAttribute('aria-label')).toBe('언어: 한국어');
        fireEvent.click(screen.getByTestId('locale-switcher'));
        fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
        await waitFor(() => expect(screen.getByTestId('login-submit').textContent).toBe('Sign in'));
        await waitFor(() => expect(readCookie('locale')).toBe('en'));
        expect(calls.filter(c => c.url === '/user/api/locale').map(c => [c.method, c.body])).toContainEqual(['PUT', { locale: 'en' }]);
        expect(screen.getByLabelText(/User ID/)).toBeTruthy();
        expect(screen.getByTestId('locale-switcher').getAttribute('aria-label')).toBe('Language: English');
    });
});

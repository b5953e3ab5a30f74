import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { AdminRouterProvider, routes } from '../router';
import { resetAuthState } from '../authProvider';
import { mockFetch, setCookie, type Call } from '../test/fetchMock';

const sysAdmin = { userId: 'sysadmin', email: 'a@example.com', roles: ['ROLE_SYS_ADMIN'], schoolCode: null, locale: 'ko',
    adminArea: true, adminPages: ['user/management'] };

const kim = {
    id: 'kim', pk: 7, userId: 'kim', email: 'kim@example.com', status: 'ACTIVE', roles: ['ROLE_USER'], schoolCode: null, locale: 'ko',
    createdAt: '2026-11-01T00:00:00Z', lastLoginAt: null, sanctions: [], phone: '010-1234-5678', loginFailures: 10, loginLocked: true,
};

const mails = [
    { id: 42, kind: 'email_corrected', to: 'k***@example.org', createdAt: '2026-11-26T05:10:00Z', state: 'sent', attempts: 0, resendable: true },
    { id: 41, kind: 'password_reset', to: 'k***@example.com', createdAt: '2026-11-26T05:00:00Z', state: 'failed', attempts: 3, resendable: false },
];

const server = (answer: (c: Call) => { status?: number; body?: unknown } | undefined = () => undefined) =>
    mockFetch(call => {
        const path = call.url.split('?')[0];
        if (path === '/user/api/me') return { body: sysAdmin };
        if (path === '/apply/api-auth/admin/members/kim' && call.method === 'GET') return { body: kim };
        if (path === '/apply/api-auth/admin/members/kim/mails') return { body: mails };
        return answer(call);
    });

const renderAt = (path: string) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(<AdminRouterProvider router={router} />);
    return router;
};

const confirm = async () => {
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /확인/ }));
};

vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => {
    resetAuthState();
    setCookie('XSRF-TOKEN', 'csrf-1');
});

describe('member support tools', () => {
    it('opens the member of user/management/update?userId= with the lock state and the mails by name, time in Seoul and delivery', async () => {
        server();
        const router = renderAt('/user/management/update?userId=kim');
        const panel = await screen.findByTestId('support-panel', {}, { timeout: 40_000 });
        expect(router.state.location.pathname).toBe('/members/kim/show');
        expect(within(panel).getByTestId('support-lock-state').textContent).toContain('로그인이 잠겨 있습니다 (최근 15분 동안 비밀번호 10회 틀림)');
        const rows = await within(panel).findAllByTestId('support-mail-row', {}, { timeout: 40_000 });
        expect(rows).toHaveLength(2);
        expect(rows[0].textContent).toContain('관리자 이메일 변경 확인 (새 주소)');
        expect(rows[0].textContent).toContain('2026-11-26 14:10');
        expect(rows[0].textContent).toContain('보냄');
        expect(rows[1].textContent).toContain('비밀번호 재설정 링크');
        expect(rows[1].textContent).toContain('실패 (3회 시도)');
        expect(rows[1].textContent).not.toContain('password_reset');
        // A mail with a one-time link offers no resend.
        expect(within(rows[0]).queryByTestId('support-resend')).not.toBeNull();
        expect(within(rows[1]).queryByTestId('support-resend')).toBeNull();
    });

    it('sends user/management/update without a member to the member list', async () => {
        mockFetch(call => {
            const path = call.url.split('?')[0];
            if (path === '/user/api/me') return { body: sysAdmin };
            if (path === '/apply/api-auth/admin/members') return { body: [kim], headers: { 'Content-Range': 'members 0-0/1' } };
            return undefined;
        });
        const router = renderAt('/user/management/update');
        await vi.waitFor(() => expect(router.state.location.pathname).toBe('/members'), { timeout: 40_000 });
    });

    it('corrects the address after a confirmation and shows a taken address on its field', async () => {
        const { calls } = server(c =>
            c.url.endsWith('/members/kim/email') ? { status: 409, body: { status: 409, code: 'account.email_occupied', message: '이미 사용 중인 이메일입니다.',
                fields: { email: '이미 사용 중인 이메일입니다.' } } } : undefined);
        renderAt('/members/kim/show');
        const panel = await screen.findByTestId('support-panel', {}, { timeout: 40_000 });
        fireEvent.change(within(panel).getByTestId('support-email-input'), { target: { value: 'lee@example.com' } });
        fireEvent.change(within(panel).getByTestId('support-email-reason'), { target: { value: '본인 요청' } });
        fireEvent.click(within(panel).getByTestId('support-email-save'));
        expect((await screen.findByRole('dialog')).textContent).toContain('kim 회원의 이메일 주소를 lee@example.com(으)로 바꿀까요?');
        await confirm();
        await within(panel).findByText('이미 사용 중인 이메일입니다.', {}, { timeout: 20_000 });
        const put = calls.find(c => c.method === 'PUT' && c.url.endsWith('/members/kim/email'));
        expect(put?.body).toEqual({ email: 'lee@example.com', reason: '본인 요청' });
        const field = within(panel).getByTestId('support-email-input');
        expect(field.getAttribute('aria-invalid')).toBe('true');
    });

    it('unlocks the sign-in with a reason after a confirmation, and resends a mail', async () => {
        const { calls } = server(c => {
            if (c.url.endsWith('/members/kim/unlock')) return { body: { loginFailures: 0, loginLocked: false } };
            if (c.url.endsWith('/members/kim/mails/42/resend')) return { status: 201, body: { ...mails[0], id: 43, state: 'queued' } };
            return undefined;
        });
        renderAt('/members/kim/show');
        const panel = await screen.findByTestId('support-panel', {}, { timeout: 40_000 });
        fireEvent.change(within(panel).getByTestId('support-unlock-reason'), { target: { value: '전화 문의' } });
        fireEvent.click(within(panel).getByTestId('support-unlock'));
        await confirm();
        await vi.waitFor(() => expect(calls.some(c => c.method === 'POST' && c.url.endsWith('/members/kim/unlock'))).toBe(true), { timeout: 20_000 });
        expect(calls.find(c => c.url.endsWith('/members/kim/unlock'))?.body).toEqual({ reason: '전화 문의' });

        const rows = await within(panel).findAllByTestId('support-mail-row', {}, { timeout: 40_000 });
        fireEvent.change(within(panel).getByTestId('support-resend-reason'), { target: { value: '메일 분실' } });
        fireEvent.click(within(rows[0]).getByTestId('support-resend'));
        expect((await screen.findByRole('dialog')).textContent).toContain('"관리자 이메일 변경 확인 (새 주소)" 메일을 k***@example.org(으)로 다시 보낼까요?');
        await confirm();
        await vi.waitFor(() => expect(calls.find(c => c.url.endsWith('/members/kim/mails/42/resend'))?.body).toEqual({ reason: '메일 분실' }), { timeout: 20_000 });
    });
});

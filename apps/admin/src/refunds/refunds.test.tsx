import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { AdminRouterProvider, routes } from '../router';
import { resetAuthState } from '../authProvider';
import { mockFetch, setCookie } from '../test/fetchMock';
import type { RefundRequestRecord } from './methods';

const sysadmin = { userId: 'sysadmin', email: 's@example.com', roles: ['ROLE_SYS_ADMIN'], locale: 'ko', adminArea: true,
    adminPages: ['pay/info', 'pay/cancel', 'refund-requests', 'refund-rules'] };

const krw = (amount: number) => ({ amount, currency: 'KRW' as const });

const pending: RefundRequestRecord = {
    id: 5, applNo: 12, applId: '202701-0003', applicantName: '김지원', userId: 'applicant1', schoolCode: '236', appStatus: 'COMPLETE',
    paymentId: 'ga12-x', payType: 'card', provider: 'testpg', paid: krw(80000), paidAt: '2026-11-20T01:00:00Z', refundedSoFar: krw(0),
    remaining: krw(80000), needsAccount: false, state: 'pending', reason: '다른 학교에 합격했습니다.', refundAccount: null,
    createdAt: '2026-11-22T01:00:00Z', daysSincePaid: 2, withinWithdrawal: true, decidedAt: null, decidedBy: '', answer: '', note: '',
    refunded: krw(0), cancelId: '',
};

const renderAt = (path: string) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(<AdminRouterProvider router={router} />);
    return router;
};

vi.setConfig({ testTimeout: 60_000 });
beforeEach(() => {
    resetAuthState();
    setCookie('XSRF-TOKEN', 'csrf-1');
});

describe('refund requests', () => {
    it('marks the withdrawal right, asks for a type and a confirmation showing what remains, then approves through the dataProvider', async () => {
        let record = pending;
        const { calls } = mockFetch(({ url, method, body }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: sysadmin };
            if (path === '/apply/api-auth/admin/pay/refund-requests/5' && method === 'GET') return { body: record };
            if (path === '/apply/api-auth/admin/pay/refund-requests/5/approve') {
                record = { ...pending, state: 'approved', refunded: krw(80000), remaining: krw(0), answer: (body as { reason: string }).reason };
                return { body: record };
            }
            return undefined;
        });
        renderAt('/pay/refund-requests/5/show');
        const chip = await screen.findByTestId('withdrawal-chip', {}, { timeout: 20_000 });
        expect(chip.textContent).toBe('청약 철회 (D+2)');
        expect(screen.getByTestId('refund-detail').textContent).toContain('다른 학교에 합격했습니다.');
        // No type is preselected.
        fireEvent.change(screen.getByTestId('approve-reason'), { target: { value: '청약 철회 기간 내 요청으로 전액 환불합니다.' } });
        fireEvent.click(screen.getByTestId('approve-open'));
        expect(await screen.findByText('환불 방법을 고르세요.')).toBeTruthy();
        expect(screen.queryByTestId('confirm-body')).toBeNull();
        fireEvent.click(screen.getByLabelText('전액 환불'));
        fireEvent.click(screen.getByTestId('approve-open'));
        expect((await screen.findByTestId('confirm-body')).textContent).toBe('80,000 KRW을(를) 환불합니다. 환불 후 남는 금액: 0 KRW.');
        expect(calls.some(c => c.method === 'POST')).toBe(false);
        fireEvent.click(screen.getByTestId('approve-confirm'));
        await waitFor(() => expect(calls.some(c => c.url.endsWith('/refund-requests/5/approve'))).toBe(true));
        const post = calls.find(c => c.url.endsWith('/approve'));
        expect(post?.headers.get('X-XSRF-TOKEN')).toBe('csrf-1');
        expect(post?.body).toEqual({ cancelType: '00001', amount: '', reason: '청약 철회 기간 내 요청으로 전액 환불합니다.', note: '' });
        await waitFor(() => expect(screen.getByTestId('refund-state').getAttribute('data-state')).toBe('approved'), { timeout: 20_000 });
    });

    it('shows the server\'s field error of a denial at its field', async () => {
        mockFetch(({ url, method }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: sysadmin };
            if (path === '/apply/api-auth/admin/pay/refund-requests/5' && method === 'GET') return { body: { ...pending, withinWithdrawal: false, daysSincePaid: 12 } };
            if (path.endsWith('/deny'))
                return { status: 400, body: { status: 400, code: 'validation.failed', message: '입력을 확인해 주세요.', fields: { reason: '지원자에게 보낼 사유를 500자 이내로 입력해 주세요.' } } };
            return undefined;
        });
        renderAt('/pay/refund-requests/5/show');
        expect((await screen.findByTestId('withdrawal-chip', {}, { timeout: 20_000 })).textContent).toBe('D+12');
        fireEvent.click(screen.getByTestId('deny-submit'));
        expect(await screen.findByText('지원자에게 보낼 사유를 500자 이내로 입력해 주세요.')).toBeTruthy();
    });
});

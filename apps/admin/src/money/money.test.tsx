import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { AdminRouterProvider, routes } from '../router';
import { resetAuthState } from '../authProvider';
import { mockFetch, setCookie } from '../test/fetchMock';
import { minorUnits, refundPreview } from './refundPreview';

const sysadmin = { userId: 'sysadmin', email: 's@example.com', roles: ['ROLE_SYS_ADMIN'], schoolCode: null, locale: 'ko', adminArea: true,
    adminPages: ['pay/info', 'pay/cancel', 'pay-check', 'settlement/list', 'settlement/fee-rules'] };

const won = (amount: number) => ({ amount, currency: 'KRW' as const });

const attempt = {
    id: 'ga1-pay', applNo: 9, applId: 'S27-001', applicantName: '김지원', userId: 'kim01', schoolCode: '236', appStatus: 'COMPLETE',
    provider: 'testpg', providerOrderId: '', txId: 'tx-1', payType: 'card', fee: won(80000), surcharge: won(0), total: won(80000),
    paid: won(80000), refunded: won(0), remaining: won(80000), result: 'PAID', failReason: '', createdAt: '2026-11-20T00:00:00Z',
    paidAt: '2026-11-20T00:05:00Z', records: [], cancels: [], others: [],
};

const SCHOOLS = [
    { id: '236', korName: '행정대학원', engName: 'Graduate School of Public Administration' },
    { id: 'ARTS01', korName: '예술대학원', engName: 'Graduate School of Arts' },
];

const renderAt = (path: string) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(<AdminRouterProvider router={router} />);
    return router;
};

beforeEach(() => {
    resetAuthState();
    setCookie('XSRF-TOKEN', 'csrf-1');
});

describe('refund preview', () => {
    it('reads amounts in the currency and shows what is refunded and what remains', () => {
        expect(minorUnits('30000', 'KRW')).toBe(30000);
        expect(minorUnits('12.5', 'USD')).toBe(1250);
        expect(minorUnits('12.345', 'USD')).toBeNull();
        expect(minorUnits('1.5', 'KRW')).toBeNull();
        expect(minorUnits('', 'KRW')).toBeNull();
        expect(refundPreview('00001', '', won(50000))).toEqual({ refund: won(50000), after: won(0) });
        expect(refundPreview('00002', '', won(50000))).toEqual({ refund: won(0), after: won(50000) });
        expect(refundPreview('00003', '30000', won(80000))).toEqual({ refund: won(30000), after: won(50000) });
        expect(refundPreview('00003', '90000', won(80000))).toBeNull();
        expect(refundPreview('00003', '0', won(80000))).toBeNull();
        expect(refundPreview('', '', won(80000))).toBeNull();
    });
});

describe('money pages', () => {
    it('refund form: types by name, none preselected, a confirmation with the amount and what remains', async () => {
        const { calls } = mockFetch(({ url, method }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: sysadmin };
            if (path === '/apply/api-auth/admin/pay/attempts/ga1-pay' && method === 'GET') return { body: attempt };
            if (path === '/apply/api-auth/admin/pay/attempts/ga1-pay/cancel')
                return { body: { ...attempt, refunded: won(30000), remaining: won(50000) } };
            return undefined;
        });
        renderAt('/pay/attempts/ga1-pay/show');
        const form = await screen.findByTestId('cancel-form', {}, { timeout: 20_000 });
        expect((form.querySelector('input[name="cancelType"]') as HTMLInputElement).value).toBe('');
        fireEvent.mouseDown(within(form).getByRole('combobox'));
        const options = (await screen.findAllByRole('option')).map(o => o.textContent);
        expect(options).toEqual(['전액 취소', '취소(환불 없음)', '부분 취소']);
        fireEvent.click(screen.getByRole('option', { name: '부분 취소' }));
        fireEvent.change(form.querySelector('input[name="amount"]') as HTMLInputElement, { target: { value: '30000' } });
        fireEvent.change(form.querySelector('textarea[name="reason"]') as HTMLTextAreaElement, { target: { value: '일부 환불' } });
        fireEvent.click(within(form).getByRole('button', { name: '취소 실행' }));
        const dialog = await screen.findByTestId('cancel-confirm');
        expect(within(dialog).getByTestId('confirm-refund').textContent).toBe('30,000 KRW');
        expect(within(dialog).getByTestId('confirm-remaining').textContent).toBe('50,000 KRW');
        expect(calls.some(c => c.url.endsWith('/cancel'))).toBe(false);
        fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
        await waitFor(() => expect(calls.some(c => c.url.endsWith('/cancel'))).toBe(true));
        const sent = calls.find(c => c.url.endsWith('/cancel'));
        expect(sent?.body).toEqual({ cancelType: '00003', amount: '30000', reason: '일부 환불', refundAccount: null });
        expect(sent?.headers.get('X-XSRF-TOKEN')).toBe('csrf-1');
    });

    it('settlement: a school without fee rules says so; a manual deposit is its own method', async () => {
        const row = (payType: string, paid: number, fees: number) => ({ payType, currency: 'KRW', payments: 1, refunds: 0, paid: won(paid),
            refunded: won(0), providerFees: won(fees), net: won(paid - fees), noFeeRule: 0 });
        const { calls } = mockFetch(({ url }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: sysadmin };
            if (path === '/apply/api-auth/admin/schools') return { body: SCHOOLS, headers: { 'Content-Range': 'schools 0-1/2' } };
            if (path === '/apply/api-auth/admin/settlements/ARTS01')
                return { body: { school: 'ARTS01', rows: [], closed: null, adjustments: [], feeRulesSet: false, feeRules: [] } };
            if (path === '/apply/api-auth/admin/settlements/236')
                return { body: { school: '236', rows: [row('card', 80000, 2000), row('manual', 80000, 0), { ...row('', 160000, 2000), payments: 2 }],
                    closed: null, adjustments: [], feeRulesSet: true,
                    feeRules: [{ method: 'card', contract: 'pg', effectiveFrom: '2026-01-01', rate: '2.5', fixed: { ...won(0), text: '0' } }] } };
            return undefined;
        });
        renderAt('/settlement/list');
        const school = (await screen.findByTestId('settle-school', {}, { timeout: 20_000 })) as HTMLSelectElement;
        // The school is chosen by name, not typed as a code.
        await waitFor(() => expect([...school.options].map(o => o.textContent)).toEqual(['행정대학원', '예술대학원']), { timeout: 10_000 });
        expect(screen.getByLabelText('학교')).toBe(school);
        fireEvent.change(school, { target: { value: 'ARTS01' } });
        fireEvent.click(screen.getByRole('button', { name: '조회' }));
        await waitFor(() => expect(calls.map(c => c.url).join(' ')).toContain('/settlements/ARTS01'), { timeout: 10_000 });
        expect((await screen.findByTestId('no-fee-rules', {}, { timeout: 10_000 })).textContent).toContain('PG 수수료 규칙이 없습니다');
        fireEvent.change(school, { target: { value: '236' } });
        fireEvent.click(screen.getByRole('button', { name: '조회' }));
        const rows = await screen.findByTestId('settlement-rows');
        expect(within(rows).getByText('무통장 입금(학교 계좌)')).toBeTruthy();
        expect(screen.getByTestId('fee-rules-used').textContent).toContain('신용카드 2.5% (2026-01-01~)');
        expect(screen.queryByTestId('no-fee-rules')).toBeNull();
        expect(calls.some(c => c.url.includes('/settlements/236?from='))).toBe(true);
    });

    it('fee rules: lists them and sends a new one as the form was typed', async () => {
        const rule = { id: '236.1', schoolCode: '236', no: 1, method: 'paypal', contract: 'paypal', effectiveFrom: '2026-01-01', rateBp: 440,
            rate: '4.4', fixed: '0.30', fixedMoney: { amount: 30, currency: 'USD', text: '0.30' } };
        const { calls } = mockFetch(({ url, method }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: sysadmin };
            if (path === '/apply/api-auth/admin/schools') return { body: SCHOOLS, headers: { 'Content-Range': 'schools 0-1/2' } };
            if (path === '/apply/api-auth/admin/fee-rules' && method === 'GET') return { body: [rule], headers: { 'Content-Range': 'fee-rules 0-0/1' } };
            if (path === '/apply/api-auth/admin/fee-rules' && method === 'POST')
                return { status: 400, body: { status: 400, code: 'validation.failed', message: '입력을 확인해 주세요.', fields: { rate: '수수료율은 0에서 100 사이의 백분율로, 소수 둘째 자리까지 입력해 주세요.' } } };
            return undefined;
        });
        const router = renderAt('/settlement/fee-rules');
        const table = await screen.findByTestId('fee-rules-table', {}, { timeout: 20_000 });
        expect(within(table).getByText('PayPal (해외카드 포함)')).toBeTruthy();
        expect(within(table).getByText('4.4%')).toBeTruthy();
        expect(within(table).getByText('0.30 USD')).toBeTruthy();
        // the school by name, not its code
        await waitFor(() => expect(within(table).getByText('행정대학원')).toBeTruthy(), { timeout: 10_000 });
        await router.navigate('/fee-rules/create');
        fireEvent.mouseDown(await screen.findByRole('combobox', { name: /결제 수단/ }, { timeout: 20_000 }));
        fireEvent.click(await screen.findByRole('option', { name: '신용카드' }));
        fireEvent.mouseDown(await screen.findByRole('combobox', { name: /학교/ }));
        fireEvent.click(await screen.findByRole('option', { name: '행정대학원' }));
        const inputs = document.querySelectorAll('form');
        const f = inputs[inputs.length - 1];
        fireEvent.change(f.querySelector('input[name="effectiveFrom"]') as HTMLInputElement, { target: { value: '2027-01-01' } });
        fireEvent.change(f.querySelector('input[name="rate"]') as HTMLInputElement, { target: { value: '2.555' } });
        fireEvent.click(within(f).getByRole('button', { name: /저장/ }));
        await waitFor(() => expect(calls.some(c => c.method === 'POST')).toBe(true), { timeout: 10_000 }).catch(() => {
            throw new Error(`no POST; form: ${f.textContent}`);
        });
        await screen.findByText('수수료율은 0에서 100 사이의 백분율로, 소수 둘째 자리까지 입력해 주세요.', {}, { timeout: 40_000 });
        const post = calls.find(c => c.method === 'POST' && c.url.endsWith('/fee-rules'));
        expect(post?.body).toMatchObject({ schoolCode: '236', method: 'card', effectiveFrom: '2027-01-01', rate: '2.555', fixed: '0' });
    });
});

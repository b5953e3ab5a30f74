import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { AdminRouterProvider, routes } from '../router';
import { resetAuthState } from '../authProvider';
import { mockFetch, setCookie } from '../test/fetchMock';
import { enMessages, koMessages } from '../i18n/catalogue';
import { moneySummary, type StaffMoney } from './staffMoney';

const schoolAdmin = { userId: 'schooladmin', email: 's@example.com', roles: ['ROLE_SCHL_ADMIN'], schoolCode: '236', locale: 'ko',
    adminArea: true, adminPages: ['applications'] };

const krw = (amount: number) => ({ amount, currency: 'KRW' as const, text: amount.toLocaleString('en-US') });
const money = (over: Partial<StaffMoney> = {}): StaffMoney => ({
    paid: true, state: 'paid', method: 'card', currency: 'KRW', amount: krw(80000), refunded: krw(0), net: krw(80000),
    paidAt: '2026-11-26T05:10:00Z', providerCancelled: false, ...over,
});
const refunded = money({ state: 'partially_refunded', refunded: krw(30000), net: krw(50000) });

const row = (applNo: number, m: StaffMoney) => ({
    id: applNo, applNo, applId: `S27-${applNo}`, applicantName: '김하늘', userId: `u${applNo}`, schoolKorName: '이화여자대학교 국제대학원',
    enterYear: 2027, recruitPartSeq: 1, status: 'COMPLETE', isApplReviewing: false, paid: m.paid, money: m,
});

/** The translate of a catalogue, as polyglot does it (enough for these keys). */
const translator = (catalogue: object) => (key: string, options: Record<string, unknown> = {}) => {
    const found = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], catalogue);
    const text = typeof found === 'string' ? found : String(options._ ?? key);
    return text.replace(/%\{(\w+)\}/g, (_, name) => String(options[name] ?? ''));
};

const renderAt = (path: string) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(<AdminRouterProvider router={router} />);
    return router;
};

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
    resetAuthState();
    setCookie('XSRF-TOKEN', 'csrf-1');
});

describe('money in words', () => {
    const ko = translator(koMessages);
    const en = translator(enMessages);
    it('says state and amount, never codes, in Korean and English', () => {
        expect(moneySummary(ko, money(), 'ko')).toBe('결제 완료 80,000원');
        expect(moneySummary(en, money(), 'en')).toBe('Paid KRW 80,000');
        expect(moneySummary(ko, refunded, 'ko')).toBe('부분 환불 · 순액 50,000원');
        expect(moneySummary(en, refunded, 'en')).toBe('Partly refunded · net KRW 50,000');
        expect(moneySummary(ko, money({ state: 'refunded', refunded: krw(80000), net: krw(0) }), 'ko')).toBe('환불됨 80,000원');
        expect(moneySummary(ko, money({ paid: false, state: 'in_flight' }), 'ko')).toBe('결제 진행 중');
        expect(moneySummary(en, money({ paid: false, state: '' }), 'en')).toBe('Not paid');
        expect(moneySummary(ko, money({ method: 'free', amount: krw(0), net: krw(0) }), 'ko')).toBe('결제 완료 · 무료');
        const usd = { amount: 6294, currency: 'USD' as const, text: '62.94' };
        expect(moneySummary(ko, money({ method: 'visa_master', currency: 'USD', amount: usd, net: usd }), 'ko')).toBe('결제 완료 USD 62.94');
    });
});

describe('applications with their money', () => {
    it('lists each application with its money state and amount', async () => {
        mockFetch(({ url }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: schoolAdmin };
            if (path === '/apply/api-auth/admin/applications')
                return { body: [row(12, refunded), row(11, money()), row(10, money({ paid: false, state: 'in_flight' }))], headers: { 'Content-Range': 'applications 0-2/3' } };
            return undefined;
        });
        renderAt('/applications');
        const table = await screen.findByTestId('applications-table', {}, { timeout: 40_000 });
        await within(table).findByText('부분 환불 · 순액 50,000원', {}, { timeout: 40_000 });
        expect(within(table).getByText('결제 완료 80,000원')).toBeTruthy();
        expect(within(table).getByText('결제 진행 중')).toBeTruthy();
        expect(within(table).getByRole('columnheader', { name: '결제' })).toBeTruthy();
    });

    it('shows the payment on the application page: state, method by name, paid at in Seoul, amount, refunded, net and the details link', async () => {
        mockFetch(({ url }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: schoolAdmin };
            if (path === '/apply/api-auth/admin/applications/12')
                return { body: { ...row(12, refunded), schoolComm: { schoolCode: '236', enterYear: 2027, recruitPartSeq: 1 }, mayPayInfo: true, consents: [] } };
            if (path === '/apply/api-auth/appl/doc/12') return { body: { list: [] } };
            return undefined;
        });
        renderAt('/applications/12/show');
        const section = await screen.findByTestId('appl-money', {}, { timeout: 40_000 });
        expect(within(section).getByRole('heading', { name: '결제' })).toBeTruthy();
        expect(within(section).getByTestId('money-state').textContent).toBe('부분 환불');
        expect(within(section).getByTestId('money-method').textContent).toBe('신용카드');
        expect(within(section).getByTestId('money-paid-at').textContent).toBe('2026-11-26 14:10 (한국 시간)');
        expect(within(section).getByTestId('money-amount').textContent).toBe('80,000원');
        expect(within(section).getByTestId('money-refunded').textContent).toBe('30,000원');
        expect(within(section).getByTestId('money-net').textContent).toBe('50,000원');
        const link = within(section).getByTestId('appl-pay-link');
        expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain('/pay/attempts?filter={"applNo":"12"}');
    });

    it('offers no payment details to whom may not read them, and names a school deposit', async () => {
        mockFetch(({ url }) => {
            const path = url.split('?')[0];
            if (path === '/user/api/me') return { body: schoolAdmin };
            if (path === '/apply/api-auth/admin/applications/13')
                return { body: { ...row(13, money({ method: 'manual' })), schoolComm: {}, mayPayInfo: false, consents: [] } };
            if (path === '/apply/api-auth/appl/doc/13') return { body: { list: [] } };
            return undefined;
        });
        renderAt('/applications/13/show');
        const section = await screen.findByTestId('appl-money', {}, { timeout: 40_000 });
        expect(within(section).getByTestId('money-method').textContent).toBe('무통장 입금(학교 계좌)');
        expect(within(section).queryByTestId('appl-pay-link')).toBeNull();
    });
});

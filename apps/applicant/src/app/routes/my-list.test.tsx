import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { renderRoutes, jsonResponse } from '@/testing/test-utils';
import { refundsOf } from '@/features/payment/components/application-refunds';
import type { Refund } from '@/features/payment/api/get-refunds';
import { MyListPage } from './my-list';

const krw = (amount: number, text: string) => ({ amount, currency: 'KRW' as const, text });
const appl = (applNo: number, status: string) => ({
  applNo, id: applNo, applId: status === 'COMPLETE' ? `S27-00${applNo}` : null,
  schoolComm: { schoolCode: '236', enterYear: 2027, recruitPartSeq: 1, korName: '이화여자대학교 국제대학원', engName: 'Ewha GSIS' },
  roundKorName: '2027 전기', roundEngName: '2027 Spring', majorCode: 'DC01', majorKorName: '국제학', majorEngName: 'International Studies',
  applPartlabel: null, status, reviewStatus: null, isApplReviewing: false, step: status, nextStep: null,
  steps: ['APPL_PART_SAVE'], savedSteps: ['APPL_PART_SAVE'], submitOpen: true, feeKrw: 80000, feeUsd: 6500, actions: [],
  createdAt: '2026-11-20T01:00:00Z', updatedAt: '2026-11-20T01:00:00Z',
});
// Application 7 paid (payment ga7) and was refunded 30,000 won; 8 paid (ga8) with no refund; 9 is still being written.
const receipts = [
  { paymentId: 'ga7', applNo: 7, payType: 'card', total: krw(80000, '80,000') },
  { paymentId: 'ga8', applNo: 8, payType: 'card', total: krw(80000, '80,000') },
];
const refunds: Refund[] = [{ paymentId: 'ga7', cancelType: '00003', amount: krw(30000, '30,000'), reason: '일부 환불', at: '2026-11-26T05:40:00Z' }];

let results: unknown[] = [];
let notices: unknown[] = [];
let calls: string[] = [];
beforeEach(() => {
  calls = [];
  results = [];
  notices = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const path = String(url).split('?')[0];
    calls.push(path);
    if (path === '/apply/api-auth/appl/list') return jsonResponse([appl(7, 'COMPLETE'), appl(8, 'COMPLETE'), appl(9, 'BASIS_SAVE')]);
    if (path === '/apply/api-auth/pay/receipts') return jsonResponse(receipts);
    if (path === '/apply/api-auth/pay/refunds') return jsonResponse(refunds);
    if (path === '/apply/api-auth/appl/results') return jsonResponse(results);
    if (path === '/apply/api-auth/notices/mine') return jsonResponse(notices);
    return jsonResponse({}, 404);
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('/list refunds', () => {
  it('shows a refund under the application it paid for, with the amount and the time in Korea', async () => {
    await i18n.changeLanguage('ko');
    renderRoutes([{ path: '/list', element: <MyListPage /> }], ['/list']);
    const refunded = await screen.findByTestId('appl-refunds');
    expect(refunded.closest('[data-appl-no]')?.getAttribute('data-appl-no')).toBe('7');
    expect(within(refunded).getByTestId('appl-refund').textContent).toBe('부분 환불 30,000원 · 2026-11-26 14:40 (한국 시간)');
    expect(screen.getAllByTestId('appl-refunds')).toHaveLength(1);
  });

  it('writes it in English', async () => {
    await i18n.changeLanguage('en');
    renderRoutes([{ path: '/list', element: <MyListPage /> }], ['/list']);
    expect((await screen.findByTestId('appl-refund')).textContent).toBe('Partial refund of KRW 30,000 · 2026-11-26 14:40 (Korea time)');
    await i18n.changeLanguage('ko');
  });

  it('asks for payments and results only when an application was paid', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      const path = String(url).split('?')[0];
      calls.push(path);
      return jsonResponse(path === '/apply/api-auth/appl/list' ? [appl(9, 'BASIS_SAVE')] : []);
    }));
    renderRoutes([{ path: '/list', element: <MyListPage /> }], ['/list']);
    await screen.findByTestId('appl-row-9');
    expect(calls.sort()).toEqual(['/apply/api-auth/appl/list', '/apply/api-auth/notices/mine']);
  });

  it('joins refunds to applications by their payment, oldest first', () => {
    const later: Refund = { ...refunds[0], cancelType: '00001', amount: krw(50000, '50,000'), at: '2026-11-27T00:00:00Z' };
    expect(refundsOf(7, receipts, [later, refunds[0]])).toEqual([refunds[0], later]);
    expect(refundsOf(8, receipts, [later])).toEqual([]);
  });
});

describe('/list results and notices', () => {
  it('shows the notices for me above my applications, and a released result on its application only', async () => {
    await i18n.changeLanguage('ko');
    results = [{ applNo: 8, schoolCode: '236', enterYear: 2027, recruitPartSeq: 1, decision: 'admit', rank: 0, label: { ko: '합격', en: 'Admitted' },
      message: { ko: '합격을 축하드립니다.', en: 'Congratulations.' }, releasedAt: '2027-01-10T05:00:00Z', letter: true }];
    notices = [{ id: 5, schoolCode: '236', roundId: '236-2027-1', title: { ko: '면접 일정 안내', en: 'Interview schedule' }, body: { ko: '본문', en: 'Body' },
      starts: '2027-01-05T00:00:00Z', ends: '2027-02-01T00:00:00Z', createdAt: '2027-01-04T00:00:00Z', updatedAt: '2027-01-04T00:00:00Z' }];
    renderRoutes([{ path: '/list', element: <MyListPage /> }], ['/list']);
    const result = await screen.findByTestId('appl-result');
    expect(result.closest('[data-appl-no]')?.getAttribute('data-appl-no')).toBe('8');
    expect(within(result).getByTestId('result-label').textContent).toBe('합격');
    expect(within(result).getByTestId('result-message').textContent).toBe('합격을 축하드립니다.');
    expect(within(result).getByRole('button', { name: '합격증 내려받기' })).toBeTruthy();
    const mine = await screen.findByTestId('my-notices');
    expect(within(mine).getByTestId('notice-title').textContent).toBe('면접 일정 안내');
    // named by the school as my applications name it
    expect(within(mine).getByTestId('notice-meta').textContent).toBe('이화여자대학교 국제대학원 · 2027-01-05');
    expect(mine.compareDocumentPosition(screen.getByTestId('appl-list')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

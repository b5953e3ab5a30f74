import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { RefundRequestPanel } from './refund-request-panel';
import type { RefundRequest } from '../api/get-my-refund-requests';
import type { RefundForm } from '../api/get-refund-form';

const krw = (amount: number) => ({ amount, currency: 'KRW' as const, text: amount.toLocaleString('en-US') });

const request = (state: RefundRequest['state'], extra: Partial<RefundRequest> = {}): RefundRequest => ({
  id: 3, applNo: 7, paymentId: 'ga7-a', state, reason: '다른 학교에 합격했습니다.', refundAccount: null,
  createdAt: '2026-11-20T03:00:00Z', decidedAt: state === 'pending' ? null : '2026-11-21T03:00:00Z', answer: '', refunded: krw(0), ...extra,
});

const form = (extra: Partial<RefundForm> = {}): RefundForm => ({
  applNo: 7, applId: '202701-0001', status: 'COMPLETE', school: { kor: '이화여자대학교 국제대학원', eng: 'Ewha GSIS' },
  round: { kor: '2027학년도 전기', eng: 'Spring 2027' }, paymentId: 'ga7-a', payType: 'card', paid: krw(80000), remaining: krw(80000),
  paidAt: '2026-11-19T03:00:00Z', needsAccount: false, rule: { kor: '접수 마감 전 요청은 전액 환불합니다.', eng: 'Full refund before the deadline.' },
  open: null, requests: [], ...extra,
});

type Call = { url: string; method: string; body: unknown };

function serve(mine: RefundRequest[], f: RefundForm, answer?: { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url: String(url), method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (String(url).includes('/pay/refund-requests')) return jsonResponse(mine);
      if (method === 'POST') return jsonResponse(answer?.body ?? request('pending'), answer?.status ?? 201);
      return jsonResponse(f);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('refund request on /list', () => {
  it('shows an approved request with the amount refunded and the staff words, and offers no new request once cancelled', async () => {
    await i18n.changeLanguage('ko');
    serve([request('approved', { refunded: krw(80000), answer: '청약 철회 기간 내 요청입니다.' })], form());
    renderWithProviders(<RefundRequestPanel applNo={7} status="CANCEL" />);
    const state = await screen.findByTestId('refund-state');
    expect(state.getAttribute('data-state')).toBe('approved');
    expect(state.textContent).toContain('80,000원');
    expect(screen.getByTestId('refund-answer').textContent).toContain('청약 철회 기간 내 요청입니다.');
    expect(screen.queryByTestId('refund-request-open')).toBeNull();
  });

  it('shows a denied request with its reason, and lets the applicant ask again', async () => {
    await i18n.changeLanguage('en');
    serve([request('denied', { answer: 'The review has begun.' })], form());
    renderWithProviders(<RefundRequestPanel applNo={7} status="COMPLETE" />);
    expect((await screen.findByTestId('refund-state')).textContent).toContain('Refund request denied');
    expect(screen.getByTestId('refund-answer').textContent).toBe('From staff: The review has begun.');
    expect(screen.getByTestId('refund-request-open')).toBeTruthy();
  });

  it('offers no second request while one is pending', async () => {
    await i18n.changeLanguage('ko');
    serve([request('pending')], form());
    renderWithProviders(<RefundRequestPanel applNo={7} status="COMPLETE" />);
    expect((await screen.findByTestId('refund-state')).textContent).toContain('2026-11-20');
    expect(screen.queryByTestId('refund-request-open')).toBeNull();
  });

  it('shows the school rule, asks for a refund account for a virtual account, and sends the request', async () => {
    await i18n.changeLanguage('ko');
    const calls = serve([], form({ needsAccount: true, payType: 'vbank' }));
    renderWithProviders(<RefundRequestPanel applNo={7} status="COMPLETE" />);
    fireEvent.click(await screen.findByTestId('refund-request-open'));
    expect((await screen.findByTestId('refund-rule')).textContent).toBe('접수 마감 전 요청은 전액 환불합니다.');
    // Labelled fields: the reason and the refund account.
    expect(screen.getByLabelText(/환불 사유/)).toBeTruthy();
    expect(screen.getByLabelText(/예금주/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('refund-submit'));
    expect((await screen.findByText('환불 사유를 입력해 주세요.'))).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByTestId('refund-reason'), { target: { value: '다른 학교에 합격했습니다.' } });
    fireEvent.change(screen.getByTestId('refund-bank'), { target: { value: '088' } });
    fireEvent.change(screen.getByTestId('refund-holder'), { target: { value: '김지원' } });
    fireEvent.change(screen.getByTestId('refund-account-no'), { target: { value: '110-123-456789' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(screen.queryByTestId('refund-dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/apply/api-auth/appl/pay/refund-request/7');
    expect(post?.body).toEqual({ reason: '다른 학교에 합격했습니다.', refundAccount: { bank: '088', holder: '김지원', accountNo: '110-123-456789' } });
  });

  it('puts the server field errors at their fields', async () => {
    await i18n.changeLanguage('en');
    serve([], form({ needsAccount: true }), {
      status: 400,
      body: { status: 400, code: 'request.invalid', message: 'Check the fields', fields: { 'refundAccount.accountNo': 'Please check the refund account number.' } },
    });
    renderWithProviders(<RefundRequestPanel applNo={7} status="COMPLETE" />);
    fireEvent.click(await screen.findByTestId('refund-request-open'));
    fireEvent.change(await screen.findByTestId('refund-reason'), { target: { value: 'Admitted elsewhere' } });
    fireEvent.change(screen.getByTestId('refund-bank'), { target: { value: '088' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    expect(await screen.findByText('Please check the refund account number.')).toBeTruthy();
    expect(screen.getByTestId('refund-dialog')).toBeTruthy();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes, jsonResponse } from '@/testing/test-utils';
import { accessState } from '@/lib/access-key';
import { ApplPayPage } from './appl-pay';

const requestPayment = vi.fn();
vi.mock('@portone/browser-sdk/v2', () => ({ default: { requestPayment } }));

const krw = (amount: number, text: string) => ({ amount, currency: 'KRW' as const, text });
const quote = {
  applNo: 7, applId: null, status: 'SUBMIT', school: { kor: '이화', eng: 'Ewha' }, round: { kor: '전기', eng: 'Spring' },
  payOpen: true, deadline: '2026-12-04T14:59:00Z',
  options: [{ payType: 'vbank', provider: 'portone', fee: krw(80000, '80,000'), surcharge: krw(0, '0'), total: krw(80000, '80,000') }],
  current: null, last: null, paid: null, testGateway: false,
};
// The start answer as the server writes it: the window holds what only the server knows.
const window = {
  storeId: 'store-test-0001', channelKey: 'channel-key-236', paymentId: 'ga7-abc', orderName: '이화 전기 전형료',
  totalAmount: 80000, currency: 'KRW', payMethod: 'VIRTUAL_ACCOUNT',
  redirectUrl: 'https://apply.example/pay/mobile?paymentId=ga7-abc',
  noticeUrls: ['https://apply.example/apply/api/pay/webhook/portone'],
  customer: { fullName: '홍길동', email: 'hong@example.com', phoneNumber: '01012345678' },
  customData: { paymentId: 'ga7-abc', applNo: 7 },
  locale: 'KO_KR',
  virtualAccount: { accountExpiry: { dueDate: '2026-12-04 23:58:00' } },
};
const checkout = {
  provider: 'portone', paymentId: 'ga7-abc', amount: krw(80000, '80,000'), orderName: '이화 전기 전형료',
  channel: { storeId: 'store-test-0001', channelKey: 'channel-key-236' }, payMethod: 'VIRTUAL_ACCOUNT', window,
};

let starts = 0;
beforeEach(() => {
  starts = 0;
  requestPayment.mockReset();
  requestPayment.mockResolvedValue(undefined);
  // PortOne's SDK needs the pay page's CSP: this document was loaded at /appl/pay.
  globalThis.window.history.replaceState(null, '', '/appl/pay');
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    if (String(url).includes('/appl/pay/start/7') && init?.method === 'POST') {
      starts++;
      return jsonResponse(checkout);
    }
    return jsonResponse(quote);
  }));
});
afterEach(() => vi.unstubAllGlobals());

async function payNow() {
  const { router } = renderRoutes([
    { path: '/appl/pay', element: <ApplPayPage /> },
    { path: '/pay/mobile', element: <p data-testid="pay-mobile">mobile</p> },
    { path: '/list', element: <p>list</p> },
  ], ['/list']);
  await act(() => router.navigate('/appl/pay', { state: accessState({ applNo: 7 }) }));
  fireEvent.click(await screen.findByTestId('pay-submit'));
  await screen.findByTestId('pay-mobile');
  return router;
}

describe('/appl/pay with PortOne', () => {
  it("opens PortOne's window with the server's parameters, unchanged", async () => {
    const router = await payNow();
    expect(starts).toBe(1);
    expect(requestPayment).toHaveBeenCalledTimes(1);
    expect(requestPayment.mock.calls[0][0]).toStrictEqual(window);
    expect(router.state.location.search).toBe('?paymentId=ga7-abc');
  });

  it('brings back what the window answered when the applicant closes it', async () => {
    requestPayment.mockResolvedValue({ code: 'FAILURE_TYPE_PG', message: 'closed', paymentId: 'ga7-abc', transactionType: 'PAYMENT' });
    const router = await payNow();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('code')).toBe('FAILURE_TYPE_PG'));
  });
});

describe('/appl/pay while a virtual account awaits its deposit', () => {
  const issued = {
    paymentId: 'ga7-vb', applNo: 7, payType: 'vbank', provider: 'portone', result: 'VBANK_ISSUE',
    fee: krw(80000, '80,000'), surcharge: krw(0, '0'), total: krw(80000, '80,000'), createdAt: '2026-11-26T01:00:00Z',
    vbank: { bank: '신한은행', accountNo: '56211234567890', holder: 'GradApply', due: '2026-11-29T14:59:00Z' },
  };
  let bodies: unknown[] = [];
  beforeEach(() => {
    bodies = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes('/appl/pay/start/7') && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(checkout);
      }
      return jsonResponse({ ...quote, status: 'VBANK_ISSUE', current: issued, last: issued });
    }));
  });

  it('shows the account, and paying another way asks the server to close it first', async () => {
    const { router } = renderRoutes([
      { path: '/appl/pay', element: <ApplPayPage /> },
      { path: '/pay/mobile', element: <p data-testid="pay-mobile">mobile</p> },
      { path: '/list', element: <p>list</p> },
    ], ['/list']);
    await act(() => router.navigate('/appl/pay', { state: accessState({ applNo: 7 }) }));
    await screen.findByTestId('vbank-details');
    expect(screen.queryByTestId('pay-submit')).toBeNull();
    fireEvent.click(screen.getByTestId('pay-replace-vbank'));
    expect(await screen.findByTestId('pay-replace-note')).toBeTruthy();
    fireEvent.click(screen.getByTestId('pay-submit'));
    await screen.findByTestId('pay-mobile');
    expect(bodies).toStrictEqual([{ payType: 'vbank', replaceVbank: true }]);
  });
});

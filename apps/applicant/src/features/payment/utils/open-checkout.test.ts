import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checkout } from '../types';
import { openCheckout } from './open-checkout';

const requestPayment = vi.fn();
vi.mock('@portone/browser-sdk/v2', () => ({ default: { requestPayment } }));

const base: Checkout = {
  provider: 'portone', paymentId: 'ga7-abc', amount: { amount: 80000, currency: 'KRW', text: '80,000' }, orderName: '전형료',
  channel: { storeId: 'store-1', channelKey: 'key-1' }, payMethod: 'CARD',
};

beforeEach(() => {
  requestPayment.mockReset();
  requestPayment.mockResolvedValue(undefined);
});

describe('openCheckout (PortOne)', () => {
  it("hands the server's window to requestPayment as it came, and nothing else", async () => {
    const window = {
      storeId: 'store-1', channelKey: 'key-1', paymentId: 'ga7-abc', orderName: '전형료', totalAmount: 80000, currency: 'KRW', payMethod: 'CARD',
      redirectUrl: 'https://apply.example/pay/mobile?paymentId=ga7-abc', noticeUrls: ['https://apply.example/apply/api/pay/webhook/portone'],
      customer: { fullName: '홍길동', email: 'hong@example.com', phoneNumber: '01012345678' }, customData: { paymentId: 'ga7-abc', applNo: 7 },
    } as Checkout['window'];
    const snapshot = JSON.parse(JSON.stringify(window));
    await openCheckout({ ...base, window });
    expect(requestPayment).toHaveBeenCalledTimes(1);
    expect(requestPayment.mock.calls[0][0]).toStrictEqual(snapshot);
  });

  it('opens no window the server did not describe', async () => {
    expect(await openCheckout(base)).toEqual({ redirected: false, code: 'NO_WINDOW' });
    expect(requestPayment).not.toHaveBeenCalled();
  });
});

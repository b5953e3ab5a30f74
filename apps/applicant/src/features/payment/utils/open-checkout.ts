import type { Checkout } from '../types';

export type CheckoutOutcome = { redirected: true } | { redirected: false; code?: string; message?: string };

/**
 * Opens the provider's window. PortOne's browser SDK is imported here only,
 * so it is a chunk of its own that only the pay page loads; PayPal and the
 * test gateway are pages the browser is sent to (their return comes back
 * to /pay/mobile).
 */
export async function openCheckout(co: Checkout): Promise<CheckoutOutcome> {
  if (co.provider === 'portone') {
    const { default: PortOne } = await import('@portone/browser-sdk/v2');
    const res = await PortOne.requestPayment({
      storeId: co.channel.storeId ?? '',
      channelKey: co.channel.channelKey,
      paymentId: co.paymentId,
      orderName: co.orderName,
      totalAmount: co.amount.amount,
      currency: co.amount.currency,
      payMethod: co.payMethod,
      redirectUrl: `${window.location.origin}/pay/mobile`,
    } as Parameters<typeof PortOne.requestPayment>[0]);
    return { redirected: false, code: res?.code, message: res?.message };
  }
  if (co.approveUrl) {
    window.location.assign(co.approveUrl);
    return { redirected: true };
  }
  return { redirected: false, code: 'NO_WINDOW' };
}

/** Whether this document was loaded at the pay page, so its CSP lets provider SDKs in. */
export function loadedOnPayPage(): boolean {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  try {
    const p = new URL(nav?.name ?? window.location.href).pathname;
    return p === '/appl/pay' || p === '/pay/mobile';
  } catch {
    return false;
  }
}

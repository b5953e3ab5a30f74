import type { Checkout } from '../types';

export type CheckoutOutcome = { redirected: true } | { redirected: false; code?: string; message?: string };

/**
 * Opens the provider's window. PortOne's browser SDK is imported here only,
 * so it is a chunk of its own that only the pay page loads; PayPal and the
 * test gateway are pages the browser is sent to (their return comes back
 * to /pay/mobile).
 *
 * PortOne gets the server's `window` exactly as it came: every value in it
 * (amount, customer, noticeUrls, customData, the account's dueDate) is the
 * server's, none is added or changed here.
 */
export async function openCheckout(co: Checkout): Promise<CheckoutOutcome> {
  if (co.provider === 'portone') {
    if (!co.window) return { redirected: false, code: 'NO_WINDOW' };
    const { default: PortOne } = await import('@portone/browser-sdk/v2');
    const res = await PortOne.requestPayment(co.window);
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

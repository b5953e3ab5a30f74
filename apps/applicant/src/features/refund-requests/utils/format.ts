import type { Money } from '../api/get-my-refund-requests';

/** "80,000원" in Korean, "KRW 80,000" in English, "USD 62.94" in both. */
export function formatMoney(m: Money, lang: string): string {
  if (m.currency === 'KRW' && lang !== 'en') return `${m.text}원`;
  return `${m.currency} ${m.text}`;
}

/** yyyy-MM-dd in Asia/Seoul. */
export function seoulDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

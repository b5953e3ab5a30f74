import type { Money } from '../types';

/** "80,000원" in Korean, "KRW 80,000" in English, "USD 62.94" in both. */
export function formatMoney(m: Money, lang: string): string {
  if (m.currency === 'KRW' && lang !== 'en') return `${m.text}원`;
  return `${m.currency} ${m.text}`;
}

/** Display formats shared by the features (decisions.md: Asia/Seoul, yyyy-MM-dd). */

/**
 * A server time (RFC 3339, any offset) as yyyy-MM-dd HH:mm in Asia/Seoul,
 * whatever the browser's own time zone.
 */
export function seoulMinute(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(d);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}`;
}

/** A server time as its day (yyyy-MM-dd) in Asia/Seoul. */
export function seoulDay(iso: string | null | undefined): string {
  return seoulMinute(iso).slice(0, 10);
}

/** A won amount as people write it: "80,000원" in Korean, "KRW 80,000" in English. */
export function formatKrw(won: number, lang: string): string {
  const n = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 0 }).format(won);
  return lang === 'en' ? `KRW ${n}` : `${n}원`;
}

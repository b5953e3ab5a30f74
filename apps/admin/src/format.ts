/** Display time zone for every date (decisions.md: Asia/Seoul, yyyy-MM-dd). */
export const TIME_ZONE = 'Asia/Seoul';

/**
 * yyyy-MM-dd HH:mm (or HH:mm:ss) in Asia/Seoul, whatever the browser's zone.
 * Returns '' for empty or unparseable input.
 */
export const formatDateTime = (value: unknown, withSeconds = false): string => {
    if (value === null || value === undefined || value === '') return '';
    const date = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(date.getTime())) return '';
    const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone: TIME_ZONE,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: withSeconds ? '2-digit' : undefined,
        hourCycle: 'h23',
    }).formatToParts(date);
    const get = (type: string) => parts.find(p => p.type === type)?.value ?? '';
    const time = `${get('hour')}:${get('minute')}${withSeconds ? `:${get('second')}` : ''}`;
    return `${get('year')}-${get('month')}-${get('day')} ${time}`;
};

/** Money as the server sends it: minor units and a currency. */
export interface Money {
    amount: number;
    currency: 'KRW' | 'USD';
}

/** "80,000 KRW" or "68.16 USD". */
export const fmtMoney = (m?: Money | null): string => {
    if (!m || !m.currency) return '–';
    if (m.currency === 'USD') return `${(m.amount / 100).toFixed(2)} USD`;
    return `${m.amount.toLocaleString('ko-KR')} KRW`;
};

/** Minor units back to the major units an amount is typed in ("12.50" USD, "80000" KRW). */
export const major = (m: Money): string => (m.currency === 'USD' ? (m.amount / 100).toFixed(2) : String(m.amount));

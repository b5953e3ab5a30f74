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

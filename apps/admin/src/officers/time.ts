import { formatDateTime } from '../format';

/**
 * Times of the officers' pages are read and typed in Seoul time
 * (decisions.md) and sent as RFC 3339 with the +09:00 offset, whatever the
 * browser's zone.
 */

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored time as a datetime-local value in Seoul ("2026-12-01T10:00"); '' when none. */
export const toSeoulInput = (iso: string | null | undefined): string => formatDateTime(iso).replace(' ', 'T');

/** A datetime-local value read as Seoul time, in RFC 3339; '' when it is not one (the server names the field). */
export const fromSeoulInput = (value: string | null | undefined): string => (value && LOCAL.test(value) ? `${value}:00+09:00` : '');

/** Now in Seoul as a datetime-local value (to the minute, so already passed). */
export const seoulNow = (): string => toSeoulInput(new Date().toISOString());

/** Whether a datetime-local value (Seoul) is now or past. */
export const isPast = (value: string | null | undefined): boolean => {
    const iso = fromSeoulInput(value);
    return !!iso && Date.parse(iso) <= Date.now();
};

/** The start of a Seoul day, in RFC 3339; '' when it is not a day. */
export const dayStart = (day: string | null | undefined): string => (day && DAY.test(day) ? `${day}T00:00:00+09:00` : '');

/** The start of the Seoul day after a day (an end shown through that day), in RFC 3339. */
export const dayAfterStart = (day: string | null | undefined): string => {
    if (!day || !DAY.test(day)) return '';
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return `${next}T00:00:00+09:00`;
};

/** The Seoul day of a time (yyyy-MM-dd). */
export const dayOf = (iso: string | null | undefined): string => formatDateTime(iso).slice(0, 10);

/** The last Seoul day an end (exclusive) still covers: the day of the moment before it. */
export const lastDayBefore = (iso: string | null | undefined): string => {
    if (!iso) return '';
    const t = Date.parse(iso);
    return Number.isNaN(t) ? '' : dayOf(new Date(t - 1).toISOString());
};

/** A period from today (Seoul) through n days later, as days. */
export const daysFromToday = (n: number): { starts: string; ends: string } => {
    const now = Date.now();
    return { starts: dayOf(new Date(now).toISOString()), ends: dayOf(new Date(now + n * 86_400_000).toISOString()) };
};

/** Whether a period (end exclusive) is ahead, on, or over now. */
export const shownNow = (starts: string, ends: string): 'scheduled' | 'showing' | 'ended' => {
    const now = Date.now();
    if (now < Date.parse(starts)) return 'scheduled';
    return now >= Date.parse(ends) ? 'ended' : 'showing';
};

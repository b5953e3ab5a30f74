import type { Money } from '../format';

/** The cancel types of pay/cancel: 00001 all, 00002 zero, 00003 partial. */
export const CANCEL_TYPES = ['00001', '00002', '00003'] as const;

/** An amount typed in major units ("1000", "12.5") in minor units, or null when it is not one. */
export const minorUnits = (text: string, currency: Money['currency']): number | null => {
    const digits = currency === 'USD' ? 2 : 0;
    const s = text.trim();
    const re = digits ? /^(\d{1,15})(?:\.(\d{1,2}))?$/ : /^(\d{1,15})$/;
    const m = re.exec(s);
    if (!m) return null;
    const frac = (m[2] ?? '').padEnd(digits, '0');
    return Number(m[1]) * 10 ** digits + (frac ? Number(frac) : 0);
};

/**
 * What a cancel would refund and what would remain after it, for the
 * confirmation; null when the input cannot be previewed (no type, an
 * amount that is not one or is above what remains): the server then
 * answers with the field's error.
 */
export const refundPreview = (type: string, amountText: string, remaining: Money): { refund: Money; after: Money } | null => {
    const of = (amount: number): Money => ({ amount, currency: remaining.currency });
    switch (type) {
        case '00001':
            return { refund: of(remaining.amount), after: of(0) };
        case '00002':
            return { refund: of(0), after: of(remaining.amount) };
        case '00003': {
            const n = minorUnits(amountText, remaining.currency);
            if (n === null || n <= 0 || n > remaining.amount) return null;
            return { refund: of(n), after: of(remaining.amount - n) };
        }
    }
    return null;
};

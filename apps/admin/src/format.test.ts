import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
    it('shows yyyy-MM-dd HH:mm in Asia/Seoul whatever the input zone', () => {
        expect(formatDateTime('2026-03-01T15:30:00Z')).toBe('2026-03-02 00:30');
        expect(formatDateTime('2026-03-01T09:05:07+09:00', true)).toBe('2026-03-01 09:05:07');
    });
    it('is empty for nothing or garbage', () => {
        expect(formatDateTime(null)).toBe('');
        expect(formatDateTime('')).toBe('');
        expect(formatDateTime('not a date')).toBe('');
    });
});

import { describe, expect, it } from 'vitest';
import { formatKrw, seoulMinute } from './format';

describe('seoulMinute', () => {
  it('shows Seoul time whatever the offset sent', () => {
    expect(seoulMinute('2027-02-23T17:00:00+09:00')).toBe('2027-02-23 17:00');
    expect(seoulMinute('2027-02-23T08:00:00Z')).toBe('2027-02-23 17:00');
    expect(seoulMinute('2026-12-31T15:30:00Z')).toBe('2027-01-01 00:30');
  });
  it('is empty for nothing or garbage', () => {
    expect(seoulMinute(null)).toBe('');
    expect(seoulMinute('soon')).toBe('');
  });
});

describe('formatKrw', () => {
  it('groups thousands', () => {
    expect(formatKrw(80000, 'ko')).toBe('80,000원');
    expect(formatKrw(150000, 'en')).toBe('KRW 150,000');
  });
});

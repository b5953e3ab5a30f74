import { describe, expect, it } from 'vitest';
import { formatDateInput, isValidDate } from './date-input';

describe('yyyy-MM-dd inputs', () => {
  it('groups digits while typing and drops other characters', () => {
    expect(formatDateInput('2')).toBe('2');
    expect(formatDateInput('2020')).toBe('2020');
    expect(formatDateInput('20200')).toBe('2020-0');
    expect(formatDateInput('202003')).toBe('2020-03');
    expect(formatDateInput('2020030')).toBe('2020-03-0');
    expect(formatDateInput('20200302')).toBe('2020-03-02');
    expect(formatDateInput('2020-03-02')).toBe('2020-03-02');
    expect(formatDateInput('2020.03.02')).toBe('2020-03-02');
    expect(formatDateInput('202003021')).toBe('2020-03-02');
    expect(formatDateInput('')).toBe('');
  });

  it('accepts real calendar dates only', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2023-02-29')).toBe(false);
    expect(isValidDate('2026-13-01')).toBe(false);
    expect(isValidDate('2026-04-31')).toBe(false);
    expect(isValidDate('2026-4-1')).toBe(false);
    expect(isValidDate('2026-00-10')).toBe(false);
  });
});

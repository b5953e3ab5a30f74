import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHOOL_COLOR, schoolColor } from './school-color';

describe('school colour', () => {
  it('is orange by default and for unknown names', () => {
    expect(schoolColor(undefined)).toBe(DEFAULT_SCHOOL_COLOR);
    expect(schoolColor('orange')).toBe(DEFAULT_SCHOOL_COLOR);
    expect(schoolColor('chartreuse-ish')).toBe(DEFAULT_SCHOOL_COLOR);
    expect(schoolColor('expression(alert(1))')).toBe(DEFAULT_SCHOOL_COLOR);
  });

  it('keeps hex and rgb colours', () => {
    expect(schoolColor('#00462A')).toBe('#00462a');
    expect(schoolColor('#abc')).toBe('#abc');
    expect(schoolColor('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)');
    expect(schoolColor('Blue')).toBe('#1565c0');
  });
});

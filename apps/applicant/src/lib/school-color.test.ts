import { describe, expect, it } from 'vitest';
import { contrastWithWhite, DEFAULT_SCHOOL_COLOR, schoolColor } from './school-color';

describe('school colour', () => {
  it('is (a readable) orange by default and for unknown names', () => {
    const orange = schoolColor(DEFAULT_SCHOOL_COLOR);
    expect(orange).toMatch(/^#[0-9a-f]{6}$/);
    expect(schoolColor(undefined)).toBe(orange);
    expect(schoolColor('orange')).toBe(orange);
    expect(schoolColor('chartreuse-ish')).toBe(orange);
    expect(schoolColor('expression(alert(1))')).toBe(orange);
  });

  it('keeps hex and rgb colours that read on white', () => {
    expect(schoolColor('#00462A')).toBe('#00462a');
    expect(schoolColor('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)');
    expect(schoolColor('Blue')).toBe('#1565c0');
  });

  // Defect 8: the orange default read at 3.08:1 on white (axe color-contrast).
  it.each(['#ef6c00', '#abc', '#ffff00', 'rgb(250, 250, 250)', 'teal', 'orange'])('darkens %s to at least 5.5:1 against white (AA for its 90% text too)', (c) => {
    expect(contrastWithWhite(DEFAULT_SCHOOL_COLOR)).toBeLessThan(4.5);
    expect(contrastWithWhite(schoolColor(c))).toBeGreaterThanOrEqual(5.5);
    expect(contrastWithWhite(schoolColor(c))).toBeLessThan(6.5);
  });
});

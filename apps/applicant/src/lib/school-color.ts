/** Schools have a colour; the default is orange (spec section 3). */
export const DEFAULT_SCHOOL_COLOR = '#ef6c00';

const NAMED: Record<string, string> = {
  orange: DEFAULT_SCHOOL_COLOR,
  blue: '#1565c0',
  green: '#2e7d32',
  red: '#c62828',
  purple: '#6a1b9a',
  navy: '#1f3a68',
  teal: '#00796b',
  brown: '#5d4037',
  gray: '#546e7a',
  grey: '#546e7a',
  black: '#212121',
};

/** A colour MUI can compute with (hex or rgb); unknown names fall back to orange. */
export function schoolColor(color: string | null | undefined): string {
  const c = (color ?? '').trim().toLowerCase();
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(c)) return c;
  if (/^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*[\d.]+\s*)?\)$/.test(c)) return c;
  return NAMED[c] ?? DEFAULT_SCHOOL_COLOR;
}

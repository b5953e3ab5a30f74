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
function parseSchoolColor(color: string | null | undefined): string {
  const c = (color ?? '').trim().toLowerCase();
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(c)) return c;
  if (/^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*[\d.]+\s*)?\)$/.test(c)) return c;
  return NAMED[c] ?? DEFAULT_SCHOOL_COLOR;
}

function channels(c: string): [number, number, number] {
  if (c.startsWith('#')) {
    const h = c.length === 4 ? [...c.slice(1)].map((x) => x + x).join('') : c.slice(1);
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
  }
  const [r, g, b] = c.match(/\d{1,3}/g)!.map(Number);
  return [Math.min(r, 255), Math.min(g, 255), Math.min(b, 255)];
}

const luminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map((v) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** Contrast ratio of a colour against white (WCAG 2). */
export const contrastWithWhite = (c: string) => 1.05 / (luminance(channels(c)) + 0.05);

/**
 * The school's colour as the pages use it: behind white text (some of it at
 * 90% opacity) and as text on white, so it is darkened (same hue) until
 * white reads on it at 5.5:1, which keeps even the faded text above WCAG AA's
 * 4.5:1. A colour that already does is kept as given.
 */
const TARGET = 5.5;
export function schoolColor(color: string | null | undefined): string {
  const c = parseSchoolColor(color);
  if (contrastWithWhite(c) >= TARGET) return c;
  let rgb = channels(c);
  while (1.05 / (luminance(rgb) + 0.05) < TARGET) rgb = rgb.map((v) => Math.floor(v * 0.95)) as [number, number, number];
  return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

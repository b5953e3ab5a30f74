import { readCookie } from './cookies';

// The languages of the app and the visitor's, without the texts (i18n.ts): main.tsx reads
// it to fetch that language's texts first thing.
export const LANGUAGES = ['ko', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ko';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function initialLanguage(): Language {
  const fromCookie = readCookie('locale');
  return isLanguage(fromCookie) ? fromCookie : DEFAULT_LANGUAGE;
}

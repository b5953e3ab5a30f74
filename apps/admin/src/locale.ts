import { readCookie, writeCookie } from './cookies';

export const LOCALES = ['ko', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ko';

/** The cookie the applicant app and this app share (path /, ko|en). */
export const LOCALE_COOKIE = 'locale';
const ONE_YEAR = 365 * 24 * 60 * 60;

export const isLocale = (v: unknown): v is Locale => v === 'ko' || v === 'en';

/** The current locale: the shared cookie, else Korean. */
export const currentLocale = (): Locale => {
    const v = readCookie(LOCALE_COOKIE);
    return isLocale(v) ? v : DEFAULT_LOCALE;
};

export const saveLocale = (locale: string) => {
    if (!isLocale(locale)) return;
    writeCookie(LOCALE_COOKIE, locale, ONE_YEAR);
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
};

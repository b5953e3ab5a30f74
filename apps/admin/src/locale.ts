import { readCookie } from './cookies';

export const LOCALES = ['ko', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ko';

/** The cookie the applicant app and this app share (path /, ko|en). */
export const LOCALE_COOKIE = 'locale';

export const isLocale = (v: unknown): v is Locale => v === 'ko' || v === 'en';

// What this page picked: the server's Set-Cookie arrives later (or never,
// offline), and until then the page must not read the old cookie back.
let picked: Locale | undefined;

/** The current locale: what this page picked, else the shared cookie, else Korean. */
export const currentLocale = (): Locale => {
    if (picked) return picked;
    const v = readCookie(LOCALE_COOKIE);
    return isLocale(v) ? v : DEFAULT_LOCALE;
};

/**
 * The server sets the shared `locale` cookie: one day, on the configured
 * cookie domain (decisions.md "Session"), which a script cannot give it.
 */
export const saveLocale = (locale: string) => {
    if (!isLocale(locale)) return;
    picked = locale;
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
    if (typeof fetch === 'undefined') return;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    void fetch('/user/api/locale', {
        method: 'PUT',
        headers,
        body: JSON.stringify({ locale }),
        credentials: 'same-origin',
        keepalive: true,
    }).catch(() => undefined); // the screen still switches; the cookie waits for the next switch
};

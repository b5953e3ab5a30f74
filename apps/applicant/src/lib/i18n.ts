import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ko from '@/locales/ko.json';
import en from '@/locales/en.json';
import submissionKo from '@/locales/submission.ko.json';
import submissionEn from '@/locales/submission.en.json';
import payKo from '@/locales/pay.ko.json';
import payEn from '@/locales/pay.en.json';
import accountKo from '@/locales/account.ko.json';
import accountEn from '@/locales/account.en.json';
import recommendKo from '@/locales/recommend.ko.json';
import recommendEn from '@/locales/recommend.en.json';
import helpdeskKo from '@/locales/helpdesk.ko.json';
import helpdeskEn from '@/locales/helpdesk.en.json';
import inquiryKo from '@/locales/inquiry.ko.json';
import inquiryEn from '@/locales/inquiry.en.json';
import refundKo from '@/locales/refund.ko.json';
import refundEn from '@/locales/refund.en.json';
import { readCookie } from './cookies';

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

function applyLanguage(lng: string): void {
  if (!isLanguage(lng) || typeof document === 'undefined') return; // no document: the build's prerender
  document.documentElement.lang = lng;
}

/** The server sets the `locale` cookie (one day, on the configured cookie
 * domain, decisions.md "Session"); a script cannot give it that domain. */
export function saveLanguage(lng: string): Promise<void> {
  if (!isLanguage(lng) || typeof fetch === 'undefined' || typeof document === 'undefined') return Promise.resolve();
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
  const done = () => undefined; // the language still changes on screen; the cookie waits for the next switch
  try {
    const sent = fetch('/user/api/locale', {
      method: 'PUT',
      headers,
      body: JSON.stringify({ locale: lng }),
      credentials: 'same-origin',
      keepalive: true,
    });
    return Promise.resolve(sent).then(done, done);
  } catch {
    return Promise.resolve();
  }
}

if (!i18n.isInitialized) {
  void i18n.use(initReactI18next).init({
    resources: {
      ko: { translation: { ...ko, ...submissionKo, ...payKo, ...accountKo, ...recommendKo, ...helpdeskKo, ...inquiryKo, ...refundKo } },
      en: { translation: { ...en, ...submissionEn, ...payEn, ...accountEn, ...recommendEn, ...helpdeskEn, ...inquiryEn, ...refundEn } },
    },
    lng: initialLanguage(),
    supportedLngs: [...LANGUAGES],
    // A key missing from the current catalogue shows as empty text (spec section 8),
    // never as the key itself and never in the other language.
    fallbackLng: false,
    parseMissingKeyHandler: () => '',
    returnNull: false,
    returnEmptyString: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  applyLanguage(i18n.language);
  i18n.on('languageChanged', (lng: string) => {
    applyLanguage(lng);
    void saveLanguage(lng);
  });
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export async function setLanguage(lng: Language): Promise<void> {
  await i18n.changeLanguage(lng);
}

export default i18n;

import { describe, expect, it, vi } from 'vitest';
import i18n, { initialLanguage, setLanguage } from './i18n';
import { readCookie } from './cookies';
import ko from '@/locales/pages.ko';
import en from '@/locales/pages.en';
import koShell from '@/locales/catalogue.ko';
import enShell from '@/locales/catalogue.en';
import { mergeTexts } from '@/locales/merge';

function keysOf(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

// snapshot before any test adds resources
// a plural's forms (count_one, count_other) differ by language: compared by the key they make
const texts = (...parts: object[]) => [...new Set(keysOf(structuredClone(Object.assign({}, ...parts))).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
const KO_KEYS = texts(koShell, ko);
const EN_KEYS = texts(enShell, en);

describe('i18n', () => {
  it('starts in Korean', () => {
    expect(i18n.language).toBe('ko');
    expect(i18n.t('nav.signIn')).toBe('로그인');
  });

  it('shows a missing key as empty text, in both languages', async () => {
    expect(i18n.t('no.such.key')).toBe('');
    expect(i18n.t('nav.noSuchKey')).toBe('');
    await setLanguage('en');
    expect(i18n.t('no.such.key')).toBe('');
  });

  it('does not fall back to the other language', async () => {
    i18n.addResource('ko', 'translation', 'onlyKo', '한국어만');
    await setLanguage('en');
    expect(i18n.t('onlyKo')).toBe('');
  });

  it('on a language change asks the server to set the locale cookie and updates <html lang>', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'XSRF-TOKEN=proof; path=/';
    try {
      await setLanguage('en');
      expect(i18n.t('nav.signIn')).toBe('Sign In');
      expect(document.documentElement.lang).toBe('en');
      await setLanguage('ko');
      expect(document.documentElement.lang).toBe('ko');
      // the cookie is the server's (one day, configured domain), never a script's year-long one
      expect(readCookie('locale')).toBeNull();
      const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
      expect(calls.map(([url, init]) => [url, init.method, init.body])).toEqual([
        ['/user/api/locale', 'PUT', '{"locale":"en"}'],
        ['/user/api/locale', 'PUT', '{"locale":"ko"}'],
      ]);
      expect((calls[0][1].headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('proof');
    } finally {
      vi.unstubAllGlobals();
      document.cookie = 'XSRF-TOKEN=; path=/; max-age=0';
    }
  });

  it("loads a language's texts when it is first used, before switching to it", async () => {
    i18n.removeResourceBundle('en', 'translation');
    expect(i18n.t('nav.signIn', { lng: 'en' })).toBe('');
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      await setLanguage('en');
      expect(i18n.t('nav.signIn')).toBe('Sign In');
      await setLanguage('ko');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reads the initial language from the locale cookie, defaulting to ko', () => {
    document.cookie = 'locale=en; path=/';
    expect(initialLanguage()).toBe('en');
    document.cookie = 'locale=fr; path=/';
    expect(initialLanguage()).toBe('ko');
    document.cookie = 'locale=; path=/; max-age=0';
    expect(initialLanguage()).toBe('ko');
  });

  it('has the same keys in ko and en, none empty', () => {
    expect(EN_KEYS).toEqual(KO_KEYS);
    for (const key of KO_KEYS) {
      // count: a plural's forms answer for its key
      expect(i18n.t(key, { lng: 'ko', count: 2 }), key).not.toBe('');
      expect(i18n.t(key, { lng: 'en', count: 2 }), key).not.toBe('');
    }
  });

  it('the shell and the pages define no section twice (a merge refuses it)', () => {
    expect(() => mergeTexts(koShell, ko)).not.toThrow();
    expect(() => mergeTexts({ nav: { a: '1' } }, { nav: { b: '2' } })).toThrow('the section "nav" is defined twice');
  });
});

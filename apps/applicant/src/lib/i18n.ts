import { catalogues, pageCatalogues } from '@/locales/catalogues';
import { readCookie } from './cookies';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, initialLanguage, type Language } from './language';
import { createTranslator } from './translator';

export { DEFAULT_LANGUAGE, LANGUAGES, initialLanguage, isLanguage, type Language };

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

// The texts come per language (loadLanguage): none until then. A key missing
// from the current language's texts shows as empty text (spec section 8),
// never as the key itself and never in the other language (translator.ts).
const i18n = createTranslator(initialLanguage());
applyLanguage(i18n.language);
i18n.on('languageChanged', (lng: string) => {
  applyLanguage(lng);
  void saveLanguage(lng);
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

const shellLoaded = new Set<Language>();
const pagesLoaded = new Map<Language, Promise<void>>();
// texts taken away (tests) are fetched again when next wanted
i18n.on('removed', (lng: string) => {
  if (!isLanguage(lng)) return;
  shellLoaded.delete(lng);
  pagesLoaded.delete(lng);
});

/** Adds the shell's texts of a language, once (its chunk is fetched on first use). */
export async function loadLanguage(lng: Language): Promise<void> {
  if (shellLoaded.has(lng)) return;
  const { default: texts } = await catalogues[lng]();
  i18n.addResourceBundle(lng, 'translation', texts, true, true);
  shellLoaded.add(lng);
}

/** Adds the pages' texts of a language (the current one by default), once:
 * every page but home and 404 waits for them with its code (lazy-page.tsx).
 * A failed fetch is tried again on the next call. */
export function loadPageTexts(lng: Language = currentLanguage()): Promise<void> {
  let pending = pagesLoaded.get(lng);
  if (!pending) {
    pending = pageCatalogues[lng]().then(
      ({ default: texts }) => void i18n.addResourceBundle(lng, 'translation', texts, true, true),
      (error: unknown) => {
        pagesLoaded.delete(lng);
        throw error;
      },
    );
    pagesLoaded.set(lng, pending);
  }
  return pending;
}

/** Switches the language, its texts loaded first (the pages' too once a page
 * needed them): nothing shows empty meanwhile. */
export async function setLanguage(lng: Language): Promise<void> {
  await Promise.all([loadLanguage(lng), pagesLoaded.size > 0 ? loadPageTexts(lng) : undefined]);
  await i18n.changeLanguage(lng);
}

export default i18n;

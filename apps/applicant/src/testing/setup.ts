import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18n, { loadLanguage, loadPageTexts } from '@/lib/i18n';
import { sessionStore } from '@/lib/session';
import { clearGlobalError, dismissToast } from '@/lib/notifications';
import { loadingStore } from '@/lib/loading';
import { prefetchAllParts } from '@/components/lazy-part';

// both languages' texts, as tests switch with i18n.changeLanguage (the app with setLanguage)
await Promise.all([loadLanguage('ko'), loadLanguage('en'), loadPageTexts('ko'), loadPageTexts('en')]);

// the shell's lazy parts (menus, toasts) as they are once the browser was idle
beforeAll(() => prefetchAllParts());

// findBy*/waitFor wait up to 10 s: lazy pages are transformed on first import
configure({ asyncUtilTimeout: 10_000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

export function clearAllCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

afterEach(async () => {
  cleanup();
  sessionStore.set(null);
  dismissToast();
  clearGlobalError();
  loadingStore.set(0);
  clearAllCookies();
  if (i18n.language !== 'ko') await i18n.changeLanguage('ko');
  vi.unstubAllGlobals();
});

import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { createStore, useStore } from '@/lib/store';

export type RouteHandle = { titleKey?: string };

/** A page's own title (a school's name), set while the page is shown; it wins over the route's title key. */
const pageTitleStore = createStore<string | null>(null);

/** Titles the current page with a name only known after loading (e.g. the school's); cleared when it unmounts. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    pageTitleStore.set(title);
    return () => pageTitleStore.set((cur) => (cur === title ? null : cur));
  }, [title]);
}

/** Sets document.title from the page's own title or else the deepest matched
 * route's title key; runs on every navigation and every language change. */
export function DocumentTitle() {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const pageTitle = useStore(pageTitleStore);
  const titleKey = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.titleKey)
    .find(Boolean);

  useEffect(() => {
    const app = t('title.app');
    const page = pageTitle || (titleKey ? t(titleKey) : '');
    document.title = page ? `${app}${t('title.separator')}${page}` : app;
  }, [titleKey, pageTitle, t, i18n.language]);

  return null;
}

import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';

export type RouteHandle = { titleKey?: string };

/** Sets document.title from the deepest matched route's title key; runs on
 * every navigation and every language change. */
export function DocumentTitle() {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const titleKey = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.titleKey)
    .find(Boolean);

  useEffect(() => {
    const app = t('title.app');
    const page = titleKey ? t(titleKey) : '';
    document.title = page ? `${app}${t('title.separator')}${page}` : app;
  }, [titleKey, t, i18n.language]);

  return null;
}

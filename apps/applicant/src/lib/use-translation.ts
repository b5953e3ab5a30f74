import { useMemo, useSyncExternalStore } from 'react';
import i18n from './i18n';
import type { TFunction } from './translator';

export type { TFunction } from './translator';

/** The texts in the current language: `const { t, i18n } = useTranslation()`.
 * The component renders again when the language changes (t is then a new
 * function, fixed to it) or texts are added. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const { language } = useSyncExternalStore(i18n.subscribe, i18n.getState, i18n.getState);
  const t = useMemo(() => i18n.getFixedT(language), [language]);
  return { t, i18n };
}

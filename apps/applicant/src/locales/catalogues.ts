import type { Language } from '@/lib/language';

type Catalogue = { default: Record<string, unknown> };

/** The texts of each language, each its own chunk. main.tsx starts fetching the
 * visitor's at once; src/lib/i18n.ts adds it (and another on a switch). */
export const catalogues: Record<Language, () => Promise<Catalogue>> = {
  ko: () => import('./catalogue.ko'),
  en: () => import('./catalogue.en'),
};

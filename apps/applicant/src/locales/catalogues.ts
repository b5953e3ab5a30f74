import type { Language } from '@/lib/language';

type Catalogue = { default: Record<string, unknown> };

/** The shell's texts of each language, each its own chunk. main.tsx starts fetching the
 * visitor's at once; src/lib/i18n.ts adds it (and another on a switch). */
export const catalogues: Record<Language, () => Promise<Catalogue>> = {
  ko: () => import('./catalogue.ko'),
  en: () => import('./catalogue.en'),
};

/** The pages' texts of each language, each its own chunk, fetched with a page's code. */
export const pageCatalogues: Record<Language, () => Promise<Catalogue>> = {
  ko: () => import('./pages.ko'),
  en: () => import('./pages.en'),
};

import { lazy, type ComponentType } from 'react';
import { loadPageTexts } from '@/lib/i18n';

/** How long a page's code may take to arrive (seed section 9: "chunk load timeout: 120 seconds"). */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

/** A page's code did not arrive within PAGE_LOAD_TIMEOUT_MS. */
export class PageLoadTimeout extends Error {
  constructor() {
    super(`the page's code did not arrive in ${PAGE_LOAD_TIMEOUT_MS / 1000} s`);
    this.name = 'PageLoadTimeout';
  }
}

function withTimeout<T>(load: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadTimeout()), PAGE_LOAD_TIMEOUT_MS);
    load.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

export type Preloadable = { preload: () => Promise<unknown> };

const retries = new Set<() => void>();

/** Lets every page whose code failed to load try again on its next render (the retry button). */
export function retryFailedPages(): void {
  retries.forEach((retry) => retry());
}

/**
 * A page in its own chunk, loaded on first use (React.lazy); preload() fetches
 * it ahead, after which it renders at once, without the Suspense fallback. A
 * load that fails or takes over 120 s throws into the page's error boundary
 * (PageLoadBoundary), whose retry button loads it afresh. The page's code
 * comes with the pages' texts (src/locales/pages.*.ts), unless it shows only
 * the shell's (`shellTexts`: home and 404, whose texts the first load holds),
 * and with react-query: the page renders inside the app's query client
 * (src/lib/query-client.tsx), which the shell does without.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, { shellTexts = false } = {}): ComponentType & Preloadable {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const preload = () =>
    (pending ??= withTimeout(Promise.all([load(), import('@/lib/query-client'), shellTexts ? undefined : loadPageTexts()])).then(
      ([{ default: Content }, { PageQueries }]) =>
        (loaded = () => (
          <PageQueries>
            <Content />
          </PageQueries>
        )),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  const makeLazy = () => lazy(() => preload().then((page) => ({ default: page })));
  let Lazy = makeLazy();
  retries.add(() => {
    if (!loaded) Lazy = makeLazy(); // React.lazy keeps its failure: a new one tries again
  });
  const Page = () => {
    const Loaded = loaded ?? Lazy;
    return <Loaded />;
  };
  return Object.assign(Page, { preload });
}

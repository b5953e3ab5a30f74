import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage, loadLanguage, loadPageTexts } from '@/lib/i18n';
import { App } from '@/app';
import { preloadPage } from '@/app/router';
import { refreshSession } from '@/features/auth/api/get-me';

/** Renders the app into #root (main.tsx calls it once the code is evaluated). */
export function start(): void {
  void refreshSession();
  const container = document.getElementById('root')!;
  // A transition: React renders in slices of a few milliseconds and the page
// stays responsive meanwhile (no long task), then shows it all at once.
  const render = () =>
    startTransition(() =>
      createRoot(container).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  // The texts first: the first render shows them, not empty labels. The server
  // sends the home page prerendered (scripts/prerender.mjs): React replaces it
  // once the page's code is here too, so the first render is the same page (no
  // spinner in between, nothing moves). Elsewhere React starts with the texts.
  const ready = [loadLanguage(currentLanguage())];
  if (container.firstElementChild) ready.push(preloadPage(window.location.pathname));
  void Promise.all(ready).then(render, render);
  // the pages' texts, fetched while the visitor reads the first page: the next one shows at once
  const idle = window.requestIdleCallback ?? ((f: () => void) => window.setTimeout(f, 2000));
  idle(() => void loadPageTexts().catch(() => undefined));
}

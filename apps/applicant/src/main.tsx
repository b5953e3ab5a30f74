// The app's code is evaluated in steps, each in a task of its own, so that the
// page stays responsive while the app starts (no long task): React, then the
// UI kit with the providers, then the app itself (start.tsx). index.html
// preloads every step's chunks (vite.config.ts), so they are fetched together
// and only their evaluation is spread out. The visitor's language's texts are
// fetched first thing too: not preloaded, as only one of them is needed.
import { initialLanguage } from '@/lib/language';
import { catalogues } from '@/locales/catalogues';
import { captureUncaughtErrors } from '@/lib/uncaught-errors';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot(): Promise<void> {
  captureUncaughtErrors(); // from the first line on: a failure while starting is kept too
  catalogues[initialLanguage()]().catch(() => undefined); // start.tsx waits for them (and tries again)
  await import('react-dom/client');
  await nextTask();
  await import('@/app/provider');
  await nextTask();
  const { start } = await import('./start');
  start();
}

void boot();

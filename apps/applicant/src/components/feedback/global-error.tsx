import { useEffect, useState } from 'react';
import { lazyPart, usePrefetchWhenIdle } from '@/components/lazy-part';
import { clearGlobalError, GLOBAL_ERROR_MS, useGlobalError } from '@/lib/notifications';

const GlobalErrorSnackbar = lazyPart(() => import('./snackbars').then((m) => m.GlobalErrorSnackbar));
const parts = [GlobalErrorSnackbar];

/** The global error toast: shown for 4000 ms (or until X), then cleared. Its
 * code comes with the first error, or before when the browser is idle. */
export function GlobalError() {
  const error = useGlobalError();
  const [shown, setShown] = useState(false); // mounted once shown: it closes with its transition
  if (error && !shown) setShown(true);
  usePrefetchWhenIdle(parts);

  useEffect(() => {
    if (!error) return undefined;
    const timer = window.setTimeout(clearGlobalError, GLOBAL_ERROR_MS);
    return () => window.clearTimeout(timer);
  }, [error]);

  return shown ? <GlobalErrorSnackbar /> : null;
}

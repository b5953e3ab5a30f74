import { useState } from 'react';
import { lazyPart, usePrefetchWhenIdle } from '@/components/lazy-part';
import { useToast } from '@/lib/notifications';

const ToastSnackbar = lazyPart(() => import('./snackbars').then((m) => m.ToastSnackbar));
const parts = [ToastSnackbar];

/** The warning/success toast (spec section 8): shows the text, X dismisses.
 * Its code comes with the first toast, or before when the browser is idle. */
export function Toast() {
  const toast = useToast();
  const [shown, setShown] = useState(false); // mounted once shown: it closes with its transition
  if (toast && !shown) setShown(true);
  usePrefetchWhenIdle(parts);
  return shown ? <ToastSnackbar /> : null;
}

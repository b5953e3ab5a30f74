import { pushError } from './notifications';

/**
 * Keeps what the browser reports as uncaught (an `error` event: a script
 * error, a resource that failed to load; an `unhandledrejection`: a promise
 * nobody waited on) in the error store (seed section 8: "unhandled errors are
 * pushed to an error store"). Installed once, at the start; answers the
 * uninstaller (tests).
 */
export function captureUncaughtErrors(target: Window = window): () => void {
  const onError = (e: ErrorEvent) => pushError(e.error ?? new Error(e.message || 'uncaught error'));
  const onRejection = (e: PromiseRejectionEvent) => pushError(e.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

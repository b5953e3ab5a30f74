import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Leaving with unsaved changes asks first: the browser's own prompt on
 * reload/close (beforeunload) and the app's dialog on in-app navigation to
 * another page (changing only the query, e.g. the step, is not leaving).
 */
export function useLeaveGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // a navigation the page starts right after saving (the form may not have re-rendered as clean yet)
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    return dirty && currentLocation.pathname !== nextLocation.pathname;
  });
  const allowNextLeave = useCallback(() => {
    allowed.current = true;
  }, []);
  return { blocker, allowNextLeave };
}

import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { createStore, useStore } from '@/lib/store';

// The notice of answers not yet read is in the shell (the nav), which does
// without react-query (it comes with the pages): a small store, fetched when
// the nav shows a member, every minute while the page is visible, and again
// when an inquiry is opened (refreshUnreadInquiries).
const unreadStore = createStore<number | undefined>(undefined);
let watchers = 0;
let generation = 0; // a count asked for before the member left is not shown

/** Fetches the count again, if the nav shows it. */
export function refreshUnreadInquiries(): Promise<void> {
  if (watchers === 0) return Promise.resolve();
  const asked = generation;
  return api.get<{ count: number }>('/apply/api-auth/inquiry/user/unread', { silent: true, background: true }).then(
    (d) => {
      if (asked === generation) unreadStore.set(d.count);
    },
    () => undefined, // the last count stays
  );
}

/** How many of the member's inquiries have an answer not yet opened (the nav notice). */
export function useUnreadInquiries(enabled: boolean): { data: number | undefined } {
  useEffect(() => {
    if (!enabled) return undefined;
    watchers += 1;
    void refreshUnreadInquiries();
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') void refreshUnreadInquiries();
    }, 60_000);
    return () => {
      window.clearInterval(timer);
      watchers -= 1;
      if (watchers === 0) {
        generation += 1;
        unreadStore.set(undefined);
      }
    };
  }, [enabled]);
  const count = useStore(unreadStore);
  return { data: enabled ? count : undefined };
}

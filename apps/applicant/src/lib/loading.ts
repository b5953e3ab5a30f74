import { createStore, useStore } from './store';

/** Number of API calls in flight; the global loading bar shows while > 0. */
export const loadingStore = createStore(0);

export function beginLoading(): void {
  loadingStore.set((n) => n + 1);
}

export function endLoading(): void {
  loadingStore.set((n) => Math.max(0, n - 1));
}

export const useIsLoading = () => useStore(loadingStore) > 0;

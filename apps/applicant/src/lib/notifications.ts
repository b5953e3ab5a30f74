import { createStore, useStore } from './store';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';
export type Toast = { id: number; message: string; severity: ToastSeverity };
export type GlobalError = { id: number; message: string };

let seq = 0;

export const toastStore = createStore<Toast | null>(null);
export const globalErrorStore = createStore<GlobalError | null>(null);
/** Unhandled errors are kept here (spec section 8: "pushed to an error store"). */
export const errorLogStore = createStore<unknown[]>([]);

export const GLOBAL_ERROR_MS = 4000;
export const TOAST_MS = 4000;

export function showToast(message: string, severity: ToastSeverity = 'warning'): void {
  seq += 1;
  toastStore.set({ id: seq, message, severity });
}

export function dismissToast(): void {
  toastStore.set(null);
}

type GlobalErrorListener = (e: GlobalError) => void;
const globalErrorListeners = new Set<GlobalErrorListener>();

/** Called when a global error is set (the app navigates home). */
export function onGlobalError(listener: GlobalErrorListener): () => void {
  globalErrorListeners.add(listener);
  return () => globalErrorListeners.delete(listener);
}

export function setGlobalError(message: string): void {
  seq += 1;
  const e = { id: seq, message };
  globalErrorStore.set(e);
  globalErrorListeners.forEach((l) => l(e));
}

export function clearGlobalError(): void {
  globalErrorStore.set(null);
}

export function pushError(error: unknown): void {
  errorLogStore.set((prev) => [...prev.slice(-49), error]);
}

export const useToast = () => useStore(toastStore);
export const useGlobalError = () => useStore(globalErrorStore);

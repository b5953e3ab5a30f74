/**
 * Application-flow routes are entered only by in-app navigation that carries
 * this key in router state (decisions.md). A typed or pasted URL lacks it.
 * It is a navigation guard only; the server enforces every permission.
 *
 * The key lives for the browser tab (sessionStorage): router state survives a
 * reload, so a reloaded form keeps its key and nothing typed is lost, while a
 * typed URL (a new history entry without state) still has none.
 */
const STORAGE_KEY = 'gradapply.accessKey';

function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function tabKey(): string {
  try {
    const stored = window.sessionStorage.getItem(STORAGE_KEY);
    if (stored && /^[0-9a-f]{32}$/.test(stored)) return stored;
    const fresh = randomKey();
    window.sessionStorage.setItem(STORAGE_KEY, fresh);
    return fresh;
  } catch {
    return randomKey();
  }
}

const key = tabKey();

export type AccessState = { accessKey: string };

export function accessState<T extends Record<string, unknown>>(extra?: T): T & AccessState {
  return { ...(extra ?? ({} as T)), accessKey: key };
}

export function hasAccessKey(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { accessKey?: unknown }).accessKey === key
  );
}

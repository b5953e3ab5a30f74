/**
 * Application-flow routes are entered only by in-app navigation that carries
 * this key in router state (decisions.md). A typed or pasted URL lacks it.
 * It is a navigation guard only; the server enforces every permission.
 */
function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const key = randomKey();

export type AccessState = { accessKey: string };

export function accessState(extra: Record<string, unknown> = {}): AccessState {
  return { ...extra, accessKey: key };
}

export function hasAccessKey(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { accessKey?: unknown }).accessKey === key
  );
}

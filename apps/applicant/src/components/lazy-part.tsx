import { useEffect, useState, type ComponentType } from 'react';

type Prefetchable = { prefetch: () => Promise<void> };
export type LazyPart<P> = ComponentType<P> & Prefetchable;

const parts: Prefetchable[] = [];

/**
 * A part of the page shell that only a person's action or an event shows (a
 * menu, the drawer, a toast), in a chunk of its own: not in the first load.
 * It renders nothing until its chunk is here, then itself; the shell fetches
 * it when the browser is idle (usePrefetchWhenIdle), so it is usually here
 * before it is needed, even when the network has gone by then. A failed fetch
 * (offline) shows nothing and is tried again on the next use; it never throws
 * into the page as React.lazy would.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchPart = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  function Part(props: P) {
    const [Component, setComponent] = useState(() => loaded);
    useEffect(() => {
      if (Component) return undefined;
      let alive = true;
      fetchPart().then(
        (c) => alive && setComponent(() => c),
        () => undefined,
      );
      return () => {
        alive = false;
      };
    }, [Component]);
    return Component ? <Component {...props} /> : null;
  }
  const part = Object.assign(Part, { prefetch: () => fetchPart().then(() => undefined) });
  parts.push(part);
  return part;
}

/** Fetches the parts (a module's constant list) once the browser is idle after the first render. */
export function usePrefetchWhenIdle(wanted: readonly Prefetchable[]): void {
  useEffect(() => {
    const fetchAll = () => wanted.forEach((part) => void part.prefetch().catch(() => undefined));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(fetchAll, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(fetchAll, 2000);
    return () => window.clearTimeout(id);
  }, [wanted]);
}

/** Fetches every part made so far (tests: the shell renders as it will once idle). */
export function prefetchAllParts(): Promise<void> {
  return Promise.all(parts.map((part) => part.prefetch())).then(() => undefined);
}

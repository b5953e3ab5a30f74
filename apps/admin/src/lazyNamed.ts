import { lazy, type ComponentType } from 'react';

/**
 * A page or resource view loaded on first visit: `name` is the component
 * the module exports. The views pull in react-admin's tables, forms and
 * inputs, which the login page does not need.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: react-admin passes none, custom pages take their own
export const lazyNamed = <M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K) =>
    lazy(() => load().then(m => ({ default: m[name] })));

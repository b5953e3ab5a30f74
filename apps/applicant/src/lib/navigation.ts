/**
 * Lets non-React modules (the API client, the global error handler) navigate
 * inside the SPA. The router registers itself at start-up; before that a full
 * page load is used.
 */
export type NavigateFn = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

let navigateImpl: NavigateFn = (to) => {
  window.location.assign(to);
};

export function setNavigator(fn: NavigateFn): void {
  navigateImpl = fn;
}

export function appNavigate(to: string, options?: { replace?: boolean; state?: unknown }): void {
  navigateImpl(to, options);
}

export function currentPathname(): string {
  return window.location.pathname;
}

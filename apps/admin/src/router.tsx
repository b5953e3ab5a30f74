import type { RouteObject } from 'react-router-dom';
import { RouterProvider } from 'react-router-dom';
import { App } from './App';

/** The server serves index.html for every /sysadmin/* path. */
export const BASENAME = '/sysadmin';

/**
 * The back office routes by path (/sysadmin/info-inquiry). Older links and
 * bookmarks use the hash way (/sysadmin/#/info-inquiry): this answers the
 * path such a URL means, or null when the URL has no hash route.
 */
export const pathFromHashLink = (pathname: string, hash: string): string | null => {
    if (!hash.startsWith('#/')) return null;
    const base = pathname.replace(/\/+$/, '');
    if (base !== BASENAME && base !== `${BASENAME}/index.html`) return null;
    return BASENAME + hash.slice(1);
};

/** react-admin draws its own routes below this single splat route. */
export const routes: RouteObject[] = [{ path: '*', element: <App /> }];

/**
 * Router updates are applied synchronously (useTransitions={false}): when a
 * session is refused, react-admin navigates to /login and clears its query
 * cache in the same tick; as a transition the navigation kept losing to the
 * re-checks that clearing starts, and the app looped on logout without ever
 * showing the login page (react-admin issue #10764).
 */
export const AdminRouterProvider = ({ router }: { router: Parameters<typeof RouterProvider>[0]['router'] }) => (
    <RouterProvider router={router} useTransitions={false} />
);

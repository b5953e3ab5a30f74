import type { RouteObject } from 'react-router-dom';
import { RouterProvider } from 'react-router-dom';
import { App } from './App';

/** The server serves index.html for every /sysadmin/* path. */
export const BASENAME = '/sysadmin';

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

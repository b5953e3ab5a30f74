import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { hasAccessKey } from '@/lib/access-key';
import { showToast } from '@/lib/notifications';
import { hasRole, ROLES, sessionEndedTo, useUser } from '@/lib/session';
import { readApplAddress } from './appl-state';

function RedirectWithToast({ to, message }: { to: string; message: string }) {
  useEffect(() => {
    showToast(message, 'warning');
  }, [message]);
  return <Navigate to={to} replace />;
}

/** Routes that need a signed-in user; a guest goes to login and comes back. */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useUser();
  const location = useLocation();
  if (!user) {
    const endedTo = sessionEndedTo();
    if (endedTo) return <Navigate to={endedTo} replace />;
    return <Navigate to={paths.user.login.getHref()} replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}

/**
 * Application-flow routes: entered only by in-app navigation carrying the
 * access key (decisions.md), but for a page that names its application in
 * the address (addressed: the form's steps). Without it: "Incorrect approach", then the list
 * (signed in) or home (guest). With it but without permission: home if signed
 * in, else login. The server enforces the real permissions.
 */
export function RequireApplicationAccess({ children, addressed = false }: { children: ReactNode; addressed?: boolean }) {
  const user = useUser();
  const location = useLocation();
  const { t } = useTranslation();
  // A page that names its application in the address (/appl/form?applNo=)
  // opens from a bookmark or a new tab: the server answers whether the
  // application is the user's (issue 21), no per-tab key is asked.
  if (addressed && readApplAddress(location.search).applNo) {
    if (!user) {
      const endedTo = sessionEndedTo();
      if (endedTo) return <Navigate to={endedTo} replace />;
      return <Navigate to={paths.user.login.getHref()} replace state={{ from: location.pathname + location.search }} />;
    }
    if (!hasRole(user, ROLES.user, ROLES.sysAdmin)) return <Navigate to={paths.home.getHref()} replace />;
    return <>{children}</>;
  }
  if (!hasAccessKey(location.state)) {
    return (
      <RedirectWithToast
        to={user ? paths.list.getHref() : paths.home.getHref()}
        message={t('error.incorrectApproach')}
      />
    );
  }
  if (!user) return <Navigate to={paths.user.login.getHref()} replace />;
  if (!hasRole(user, ROLES.user, ROLES.sysAdmin)) return <Navigate to={paths.home.getHref()} replace />;
  return <>{children}</>;
}

import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { isModeType, RedirectTo } from '@/features/application/components/redirect-to';
import { readApplState } from './appl-state';

/** /appl/redirect/to/{edit|view|review}: the application number comes in router state. */
export function ApplRedirectPage() {
  const { type } = useParams();
  const location = useLocation();
  const { applNo } = readApplState(location.state);
  if (!applNo || !isModeType(type)) return <Navigate to={paths.list.getHref()} replace />;
  return <RedirectTo applNo={applNo} type={type} />;
}

export default ApplRedirectPage;

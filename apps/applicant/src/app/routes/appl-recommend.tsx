import { Navigate, useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { RequestList } from '@/features/recommendations/components/request-list';
import { PageFrame } from './page-frame';
import { readApplState } from './appl-state';

/** /appl/recommend/request/list: reached from an application in the list (its number in router state). */
export function ApplRecommendPage() {
  const { t } = useTranslation();
  const { applNo } = readApplState(useLocation().state);
  if (!applNo) return <Navigate to={paths.list.getHref()} replace />;
  return (
    <PageFrame title={t('title.applRecommendRequest')} testId="appl-recommend-page">
      <RequestList applNo={applNo} />
    </PageFrame>
  );
}

export default ApplRecommendPage;

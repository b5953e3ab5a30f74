import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { accessState } from '@/lib/access-key';
import { PartForm } from '@/features/application/components/part-form';
import { PageFrame } from './page-frame';
import { readApplState } from './appl-state';

/** /appl/part: a new application after the consents, or a part change of an existing one. */
export function ApplPartPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { round, consents, applNo } = readApplState(location.state);
  if (!round) return <Navigate to={paths.list.getHref()} replace />;
  // a new application needs the consents of /appl/agree first
  if (!applNo && !consents) return <Navigate to={paths.appl.agree.getHref()} replace state={accessState({ round })} />;
  return (
    <PageFrame title={t('title.applPart')} testId="appl-part-page">
      <PartForm
        round={round}
        consents={consents}
        applNo={applNo}
        onDone={(no) => void navigate(paths.appl.form.getHref(String(no)), { replace: true, state: accessState({ applNo: no, mode: 'edit' }) })}
        onExists={(no) => void navigate(paths.appl.searchCandidate.getHref(), { replace: true, state: accessState({ round, applNo: no }) })}
      />
    </PageFrame>
  );
}

export default ApplPartPage;

import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { accessState } from '@/lib/access-key';
import { RoundPicker } from '@/features/schools/components/round-picker';
import { ConsentForm } from '@/features/application/components/consent-form';
import { PageFrame } from './page-frame';
import { readApplState, roundOf } from './appl-state';

/** /appl/agree: choose the round (when started from home), then accept the school's consent items. */
export function ApplAgreePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { round } = readApplState(location.state);
  return (
    <PageFrame title={t('title.applAgree')} testId="appl-agree-page">
      {!round ? (
        <RoundPicker onPick={(r) => void navigate(location.pathname, { replace: true, state: accessState({ round: roundOf(r) }) })} />
      ) : (
        <ConsentForm
          round={round}
          onAccept={(consents) => void navigate(paths.appl.part.getHref(), { state: accessState({ round, consents }) })}
        />
      )}
    </PageFrame>
  );
}

export default ApplAgreePage;

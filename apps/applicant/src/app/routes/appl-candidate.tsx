import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { ApplicationList } from '@/features/my-applications/components/application-list';
import { applicationCardParts } from './application-card-parts';
import { PageFrame } from './page-frame';
import { readApplState } from './appl-state';

/**
 * /appl/search/candidate: the caller's applications for the round being
 * started (one application per round): continue the existing one instead.
 */
export function ApplCandidatePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { round, applNo } = readApplState(location.state);
  return (
    <PageFrame title={t('title.applSearchCandidate')} testId="appl-candidate-page">
      {applNo && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="candidate-exists">
          {t('candidate.exists')}
        </Alert>
      )}
      <ApplicationList parts={applicationCardParts}
        filter={(a) =>
          !round ||
          (a.schoolComm.schoolCode === round.schoolCode && a.schoolComm.enterYear === round.enterYear && a.schoolComm.recruitPartSeq === round.recruitPartSeq)
        }
      />
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to={paths.list.getHref()} variant="outlined">
          {t('candidate.toList')}
        </Button>
      </Box>
    </PageFrame>
  );
}

export default ApplCandidatePage;

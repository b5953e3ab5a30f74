import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { useApplication } from '@/features/application/api/get-application';
import { CompletionNotice } from '@/features/submission/components/completion-notice';
import { SlipButtons } from '@/features/exam-slip/components/slip-buttons';
import { CompletionSurveyLink } from '@/features/surveys/components/completion-survey-link';
import { PageFrame } from './page-frame';
import { readApplState } from './appl-state';

/** /appl/none: a free round completed at submission; the exam number and the slip. */
export function ApplNonePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { applNo } = readApplState(location.state);
  const fromState = (location.state as { applId?: unknown } | null)?.applId;
  const app = useApplication(applNo);
  if (!applNo) return <Navigate to={paths.list.getHref()} replace />;
  const applId = (typeof fromState === 'string' && fromState) || app.data?.applId || null;
  return (
    <PageFrame title={t('title.applNone')} testId="appl-none-page">
      <CompletionNotice applId={applId} />
      <CompletionSurveyLink applNo={applNo} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 3, justifyContent: 'space-between' }}>
        <SlipButtons applNo={applNo} size="medium" />
        <Button variant="contained" onClick={() => void navigate(paths.list.getHref())} data-testid="completion-to-list">
          {t('submission.toList')}
        </Button>
      </Stack>
    </PageFrame>
  );
}

export default ApplNonePage;

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { useCompletionSurvey } from '@/features/surveys/api/surveys';
import { SurveyCard } from '@/features/surveys/components/survey-card';
import { PageFrame } from './page-frame';
import { readApplState } from './appl-state';

/** /appl/survey: the completion step's survey variant: the round's completion survey, optional. */
export function ApplSurveyPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const applNo = readApplState(location.state).applNo ?? (Number(params.get('applNo')) || undefined);
  const query = useCompletionSurvey(applNo);
  if (!applNo) return <Navigate to={paths.list.getHref()} replace />;
  return (
    <PageFrame title={t('title.applSurvey')} testId="appl-survey-page">
      <Alert severity="success" sx={{ mb: 2 }}>
        {t('siteSurvey.completionIntro')}
      </Alert>
      {query.isPending && <CircularProgress aria-label={t('common.loading')} />}
      {query.isError && <Alert severity="info">{t('siteSurvey.noCompletion')}</Alert>}
      {query.data && <SurveyCard survey={query.data} startOpen />}
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="outlined" onClick={() => void navigate(paths.list.getHref())} data-testid="appl-survey-skip">
          {query.data && !query.data.answered ? t('siteSurvey.skip') : t('submission.toList')}
        </Button>
      </Stack>
    </PageFrame>
  );
}

export default ApplSurveyPage;

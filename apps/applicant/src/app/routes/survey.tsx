import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from '@/lib/use-translation';
import { useOpenSurveys } from '@/features/surveys/api/surveys';
import { SurveyCard } from '@/features/surveys/components/survey-card';
import { PageFrame } from './page-frame';

/** /survey: the open surveys meant for me (the provider's and my schools'), each answered once. */
export function SurveyPage() {
  const { t } = useTranslation();
  const query = useOpenSurveys();
  return (
    <PageFrame title={t('title.survey')} testId="survey-page">
      {query.isPending && <CircularProgress aria-label={t('common.loading')} />}
      {query.isError && <Alert severity="error">{t('siteSurvey.loadFailed')}</Alert>}
      {query.data && query.data.length === 0 && <Alert severity="info">{t('siteSurvey.none')}</Alert>}
      {query.data?.map((s) => <SurveyCard key={s.id} survey={s} />)}
    </PageFrame>
  );
}

export default SurveyPage;

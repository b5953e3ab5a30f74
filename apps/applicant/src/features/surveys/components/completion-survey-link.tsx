import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { accessState } from '@/lib/access-key';
import { useCompletionSurvey } from '../api/surveys';

/** After completion: leads to /appl/survey when the round asks for a survey not answered yet. */
export function CompletionSurveyLink({ applNo }: { applNo: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useCompletionSurvey(applNo);
  if (!query.data || query.data.answered || !query.data.open) return null;
  return (
    <Alert
      severity="info"
      sx={{ mt: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => void navigate(paths.appl.survey.getHref(), { state: accessState({ applNo }) })}
          data-testid="completion-survey-link"
        >
          {t('siteSurvey.answer')}
        </Button>
      }
    >
      {t('siteSurvey.completionAsk')}
    </Alert>
  );
}

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import type { SiteSurvey } from '../api/surveys';
import { useSurveysChanged } from '../api/surveys';
import { SiteSurveyForm } from './site-survey-form';

/** One survey: its title and period, then the form, or a thank-you once answered. */
export function SurveyCard({ survey, startOpen = false }: { survey: SiteSurvey; startOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  const changed = useSurveysChanged();
  const [open, setOpen] = useState(startOpen);
  const [done, setDone] = useState(survey.answered);
  const title = i18n.language === 'en' ? survey.titleEn || survey.titleKo : survey.titleKo;
  const headingId = `survey-title-${survey.id}`;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="article" aria-labelledby={headingId} data-testid={`survey-${survey.id}`}>
      <CardContent>
        <Typography component="h2" variant="h6" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('siteSurvey.period', { start: survey.startDay, end: survey.endDay })}
        </Typography>
        {done ? (
          <Alert severity="success" data-testid="survey-answered">
            {t('siteSurvey.answered')}
          </Alert>
        ) : !survey.open ? (
          <Alert severity="info">{t('siteSurvey.closed')}</Alert>
        ) : open ? (
          <SiteSurveyForm
            survey={survey}
            onAnswered={() => {
              setDone(true);
              void changed();
            }}
          />
        ) : (
          <Button variant="contained" onClick={() => setOpen(true)} data-testid={`survey-open-${survey.id}`}>
            {t('siteSurvey.answer')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

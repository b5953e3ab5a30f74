import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { ApiError } from '@/lib/api-client';
import {
  QuestionField,
  answerErrorPath,
  answersToForm,
  formToAnswers,
  type QuestionAnswer,
} from '@/components/survey/question-field';
import { FieldErrorsProvider, useFieldErrors } from '@/hooks/use-field-errors';
import { mapServerFields } from '@/lib/field-errors';
import { answerSurvey, type SiteSurvey } from '../api/surveys';

type Form = { answers: Record<string, QuestionAnswer> };

/** Answers one site survey once; the server's errors show at their questions. */
export function SiteSurveyForm({ survey, onAnswered }: { survey: SiteSurvey; onAnswered: (s: SiteSurvey) => void }) {
  return (
    <FieldErrorsProvider>
      <SurveyFormBody survey={survey} onAnswered={onAnswered} />
    </FieldErrorsProvider>
  );
}

function SurveyFormBody({ survey, onAnswered }: { survey: SiteSurvey; onAnswered: (s: SiteSurvey) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ko';
  const methods = useForm<Form>({ defaultValues: { answers: answersToForm(survey.questions, []) } });
  const { setErrors } = useFieldErrors();
  const [refused, setRefused] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = methods.handleSubmit(async (v) => {
    setBusy(true);
    setRefused('');
    try {
      onAnswered(await answerSurvey(survey.id, formToAnswers(survey.questions, v.answers).answers));
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length > 0) {
        setErrors(mapServerFields(e.fields, (p) => answerErrorPath(p, survey.questions, v.answers)));
      } else if (e instanceof ApiError) {
        setRefused(e.message);
      }
    } finally {
      setBusy(false);
    }
  });
  return (
    <FormProvider {...methods}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid={`site-survey-form-${survey.id}`}>
        {survey.questions.map((q) => (
          <QuestionField key={q.questionCode} q={q} lang={lang} />
        ))}
        {refused && (
          <Alert severity="warning" sx={{ mb: 2 }} role="alert">
            {refused}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={busy} data-testid="site-survey-submit">
          {t('siteSurvey.submit')}
        </Button>
      </Box>
    </FormProvider>
  );
}

import { useCallback, useMemo } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { answerErrorPath, answersToForm, formToAnswers, QuestionField, type QuestionAnswer } from '@/components/survey/question-field';
import { useSurvey, type SurveyResponse } from '../../api/get-survey';
import { saveSurvey } from '../../api/save-survey';
import { StepFrame } from '../step-frame';
import { codeOptions, useApplicationForm } from '../form-context';
import { Cell, Fields, Section } from '../layout';
import { FormSelect } from '../fields/form-select';
import { FormCheck } from '../fields/form-check';
import type { SurveyQuestion } from '../../types';

export type SurveyForm = { alumni: boolean; contactCode: string; answers: Record<string, QuestionAnswer> };

/** The survey (SURVEY). */
export function SurveyStep() {
  const { applNo } = useApplicationForm();
  const query = useSurvey(applNo);
  const questions = useMemo(() => query.data?.questions ?? [], [query.data]);
  const toForm = useCallback(
    (r: SurveyResponse): SurveyForm => ({
      alumni: !!r.alumni,
      contactCode: r.contactCode ?? '',
      answers: answersToForm(r.questions ?? [], r.answers),
    }),
    [],
  );
  const save = useCallback(
    (v: SurveyForm) => saveSurvey({ applNo, alumni: v.alumni, contactCode: v.contactCode, answers: formToAnswers(questions, v.answers).answers }),
    [applNo, questions],
  );
  const renameError = useCallback((path: string, v: SurveyForm) => answerErrorPath(path, questions, v.answers), [questions]);
  return (
    <StepFrame query={query} toForm={toForm} save={save} renameError={renameError}>
      <SurveyFields questions={questions} />
    </StepFrame>
  );
}

function SurveyFields({ questions }: { questions: SurveyQuestion[] }) {
  const { t } = useTranslation();
  const { codes, lang, readOnly } = useApplicationForm();
  return (
    <>
      <Section title={t('survey.title')} testId="section-survey">
        {questions.map((q) => (
          <QuestionField key={q.questionCode} q={q} lang={lang} readOnly={readOnly} />
        ))}
      </Section>
      <Section title={t('survey.contact')} testId="section-survey-contact">
        <Fields>
          <Cell>
            <FormSelect name="contactCode" label={t('survey.contactCode')} options={codeOptions(codes.contactTypeList, lang)} />
          </Cell>
          <Cell>
            <FormCheck name="alumni" label={t('survey.alumni')} />
          </Cell>
        </Fields>
      </Section>
    </>
  );
}

import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useController, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { useAddInfo, type AddInfoResponse, type Certificate, type EssayAnswer } from '../../api/get-add-info';
import { saveAddInfo } from '../../api/save-add-info';
import { StepFrame } from '../step-frame';
import { useApplicationForm, type Lang } from '../form-context';
import { AddButton, Cell, Fields, ListError, RepeatCard, Section } from '../layout';
import { FormText } from '../fields/form-text';
import { FormDate } from '../fields/form-date';
import { FormSelect } from '../fields/form-select';
import { useFieldError } from '@/hooks/use-field-errors';
import { mergeDraft } from '../../utils/draft';
import { essayCount, essayLimit, isOver, type EssayLang } from '../../utils/text-count';
import type { EssayQuestion } from '../../types';

export const CERTIFICATE_CATEGORIES = ['00001', '00002', '00003', '00099'] as const;

export const emptyCertificate = (): Certificate => ({ category: '', description: '', institution: '', issueDay: '' });

type AddInfoForm = { certificateList: Certificate[]; essays: EssayAnswer[] };

const itemTemplate = (path: string) => (path === 'certificateList' ? emptyCertificate() : path === 'essays' ? { no: 0, lang: 'ko', text: '' } : undefined);

/** One answer per question of the school, in the question order, keeping what was written. */
export function essaysForQuestions(questions: EssayQuestion[], saved: EssayAnswer[] | null | undefined, lang: Lang): EssayAnswer[] {
  return questions.map((q) => {
    const s = (saved ?? []).find((e) => e.no === q.no);
    return { no: q.no, lang: s?.lang === 'en' || s?.lang === 'ko' ? s.lang : lang, text: s?.text ?? '' };
  });
}

/** Additional info (ADD_INFO_SAVE): certificates and the school's essays with their counters. */
export function AdditionalInfoStep() {
  const { applNo, lang, recruit } = useApplicationForm();
  const query = useAddInfo(applNo);
  const questions = query.data?.essayQuestions ?? recruit.essays ?? [];
  const toForm = useCallback(
    (r: AddInfoResponse): AddInfoForm => ({
      certificateList: (r.certificateList ?? []).map((c) => mergeDraft(emptyCertificate(), c)),
      essays: essaysForQuestions(r.essayQuestions ?? recruit.essays ?? [], r.essays, lang),
    }),
    [lang, recruit.essays],
  );
  const save = useCallback((v: AddInfoForm) => saveAddInfo(applNo, v), [applNo]);
  const max = query.data?.additionalCertificateCount ?? 0;
  return (
    <StepFrame query={query} toForm={toForm} save={save} itemTemplate={itemTemplate}>
      <CertificateFields max={max} />
      <EssayFields questions={questions} />
    </StepFrame>
  );
}

function CertificateFields({ max }: { max: number }) {
  const { t } = useTranslation();
  const { control } = useFormContext<AddInfoForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'certificateList' });
  const options = CERTIFICATE_CATEGORIES.map((c) => ({ value: c, label: t(`addInfo.category.${c}`) }));
  return (
    <Section
      title={t('addInfo.certificates')}
      testId="section-certificates"
      action={<AddButton onClick={() => append(emptyCertificate())} testId="cert-add" label={t('addInfo.addCertificate')} disabled={fields.length >= max} />}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="cert-count">
        {t('addInfo.certificateCount', { count: fields.length, max })}
      </Typography>
      <ListError name="certificateList" />
      {fields.map((f, i) => {
        const b = `certificateList.${i}`;
        return (
          <RepeatCard key={f.id} title={t('addInfo.certificate', { n: i + 1 })} onRemove={() => remove(i)} removeTestId={`cert-remove-${i}`}>
            <Fields>
              <Cell>
                <FormSelect name={`${b}.category`} label={t('addInfo.categoryLabel')} options={options} />
              </Cell>
              <Cell>
                <FormText name={`${b}.description`} label={t('addInfo.description')} required />
              </Cell>
              <Cell>
                <FormText name={`${b}.institution`} label={t('addInfo.institution')} />
              </Cell>
              <Cell>
                <FormDate name={`${b}.issueDay`} label={t('addInfo.issueDay')} required />
              </Cell>
            </Fields>
          </RepeatCard>
        );
      })}
    </Section>
  );
}

function EssayFields({ questions }: { questions: EssayQuestion[] }) {
  const { t } = useTranslation();
  if (questions.length === 0) return null;
  return (
    <Section title={t('addInfo.essays')} testId="section-essays">
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('addInfo.essayIntro')}
      </Alert>
      <ListError name="essays" />
      {questions.map((q, i) => (
        <EssayField key={q.no} index={i} question={q} />
      ))}
    </Section>
  );
}

function EssayField({ index, question }: { index: number; question: EssayQuestion }) {
  const { t } = useTranslation();
  const { lang: uiLang, readOnly } = useApplicationForm();
  const { control } = useFormContext<AddInfoForm>();
  const b = `essays.${index}` as const;
  const { field: langField } = useController({ control, name: `${b}.lang` });
  const { field: textField } = useController({ control, name: `${b}.text` });
  const { message, clear } = useFieldError(`${b}.text`);
  const essayLang = (langField.value === 'en' ? 'en' : 'ko') as EssayLang;
  const text = String(textField.value ?? '');
  const count = essayCount(essayLang, text);
  const max = essayLimit(essayLang, question);
  const over = isOver(count, max);
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="subtitle2" component="h4" gutterBottom>
        {t('addInfo.essayQuestion', { n: question.no })} {uiLang === 'en' ? question.engQuestion : question.korQuestion}
      </Typography>
      <RadioGroup
        row
        value={essayLang}
        onChange={(e) => {
          langField.onChange(e.target.value);
          clear();
        }}
        aria-label={t('addInfo.essayLang')}
      >
        <FormControlLabel value="ko" disabled={readOnly} control={<Radio size="small" slotProps={{ input: { 'data-testid': `${b}.lang-ko` } as object }} />} label={t('addInfo.essayKo', { max: question.chars })} />
        <FormControlLabel value="en" disabled={readOnly} control={<Radio size="small" slotProps={{ input: { 'data-testid': `${b}.lang-en` } as object }} />} label={t('addInfo.essayEn', { max: question.words })} />
      </RadioGroup>
      <TextField
        fullWidth
        multiline
        minRows={5}
        name={`${b}.text`}
        value={text}
        disabled={readOnly}
        onChange={(e) => {
          textField.onChange(e.target.value);
          clear();
        }}
        onBlur={textField.onBlur}
        inputRef={textField.ref}
        error={!!message || over}
        label={t('addInfo.essayAnswer')}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <span>{message ?? (over ? t('addInfo.essayOver') : '')}</span>
            <Box component="span" data-testid={`${b}.text-counter`} sx={{ flexShrink: 0, color: over ? 'error.main' : 'text.secondary' }}>
              {essayLang === 'ko' ? t('addInfo.charCounter', { count, max }) : t('addInfo.wordCounter', { count, max })}
            </Box>
          </Box>
        }
        slotProps={{
          htmlInput: { 'data-testid': `${b}.text`, 'aria-invalid': !!message || over },
          formHelperText: { component: 'div', 'data-testid': `${b}.text-helper` } as object,
        }}
      />
    </Box>
  );
}

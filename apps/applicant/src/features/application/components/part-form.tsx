import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { FormProvider, useController, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { ApiError } from '@/lib/api-client';
import { useRecruit } from '../api/get-recruit';
import { usePart, type PartResponse, type SurveyAnswerDto } from '../api/get-part';
import { savePart } from '../api/save-part';
import type { Recruit, RoundKey, SurveyQuestion } from '../types';
import { FieldErrorsProvider, useFieldError, useFieldErrors, useUnshownErrors } from '@/hooks/use-field-errors';
import { mapServerFields } from '@/lib/field-errors';
import { FormSelect } from './fields/form-select';
import { FormCheck } from './fields/form-check';
import { Cell, Fields } from './layout';

type PartFormValues = {
  major: string;
  categoryCode: string;
  stayTypeCode: string;
  isGeneralType: boolean;
  survey: Record<string, string>;
};

export const majorKey = (majorCode: string, isMaster: boolean) => `${majorCode}|${isMaster ? 'M' : 'D'}`;

/** Server paths of POST /appl/part → the fields of this page (`sent` gives the question of an answer index). */
export function renamePartError(path: string, sent: { questionCode: string }[] = []): string {
  const m = /^applPartRequestList\.0\.(\w+)$/.exec(path);
  if (m) return m[1] === 'majorCode' || m[1] === 'isMaster' ? 'major' : m[1];
  const i = /^surveyRequest\.answers\.(\d+)(\.\w+)?$/.exec(path);
  if (i) return sent[Number(i[1])] ? `survey.${sent[Number(i[1])].questionCode}` : path;
  const s = /^surveyRequest\.answers\.(\w+)$/.exec(path);
  if (s) return `survey.${s[1]}`;
  return path;
}

export function partSurveyAnswers(questions: SurveyQuestion[], survey: Record<string, string>): SurveyAnswerDto[] {
  return questions
    .filter((q) => q.isLeaf && survey[q.questionCode])
    .map((q) => {
      const v = survey[q.questionCode];
      const item = q.inputType === 'radio' || q.inputType === 'checkbox';
      return { questionCode: q.questionCode, itemCode: item ? v : '', answer: item ? '' : v, comment: '', inputType: q.inputType, isLeaf: true, depth: q.depth };
    });
}

type Props = {
  round: RoundKey;
  /** consent code → version accepted on /appl/agree (creation only) */
  consents?: Record<string, string> | null;
  /** set when changing the part of an existing application */
  applNo?: number | null;
  onDone: (applNo: number) => void;
  onExists: (applNo: number) => void;
};

/** /appl/part: round, major, category and the other part fields. */
export function PartForm(props: Props) {
  const { t } = useTranslation();
  const recruit = useRecruit(props.round);
  const part = usePart(props.applNo ?? null);
  if (recruit.isPending || (props.applNo && part.isPending)) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (!recruit.data) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  return (
    <FieldErrorsProvider>
      <PartFormInner {...props} recruit={recruit.data} existing={part.data} />
    </FieldErrorsProvider>
  );
}

function PartFormInner({ round, consents, applNo, onDone, onExists, recruit, existing }: Props & { recruit: Recruit; existing?: PartResponse }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const errors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const questions = useMemo(() => recruit.partSurvey ?? [], [recruit.partSurvey]);
  const form = useForm<PartFormValues>({
    defaultValues: {
      major: existing ? majorKey(existing.partMajorCode, existing.partIsMaster) : '',
      categoryCode: existing?.partCategoryCode ?? '',
      stayTypeCode: existing?.partStayTypeCode ?? '',
      isGeneralType: existing?.partIsGeneralType ?? true,
      survey: Object.fromEntries((existing?.surveyAnswers ?? []).map((a) => [a.questionCode, a.itemCode || a.answer])),
    },
  });
  const parts = recruit.parts ?? [];
  const majorOptions = parts.map((p) => ({
    value: majorKey(p.majorCode, p.isMaster),
    label: `${en ? p.majorEngName : p.majorKorName} · ${en ? p.partDetailRemkEng : p.partDetailRemkKor}`,
  }));
  const code = (list: Recruit['categories']) => (list ?? []).map((c) => ({ value: c.code, label: en ? c.engValue : c.korValue }));
  const submit = recruit.windows?.find((w) => w.type === 'SUBMIT');

  const onSubmit = async (v: PartFormValues) => {
    const [majorCode, level] = v.major.split('|');
    const answers = partSurveyAnswers(questions, v.survey);
    setBusy(true);
    try {
      const res = await savePart({
        applNo: applNo ?? null,
        applPartRequestList: [{
          schoolCode: round.schoolCode,
          enterYear: round.enterYear,
          recruitPartSeq: round.recruitPartSeq,
          majorCode: majorCode ?? '',
          isMaster: level !== 'D',
          isGeneralType: v.isGeneralType,
          stayTypeCode: v.stayTypeCode,
          categoryCode: v.categoryCode,
        }],
        ...(applNo ? {} : { consents: consents ?? {} }),
        ...(questions.length ? { surveyRequest: { answers } } : {}),
      });
      onDone(res.applNo ?? res.id);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'application.exists' && typeof e.body.applNo === 'number') {
        onExists(e.body.applNo);
        return;
      }
      if (e instanceof ApiError) errors.setErrors(mapServerFields(e.fields, (p) => renamePartError(p, answers)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)} data-testid="part-form">
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }} data-testid="part-round">
            {en ? recruit.schoolEngName : recruit.schoolKorName} · {en ? recruit.engName : recruit.korName}
          </Typography>
          {submit && (
            <Typography variant="body2" color="text.secondary">
              {t('part.window', { start: submit.start.slice(0, 16).replace('T', ' '), end: submit.end.slice(0, 16).replace('T', ' ') })}
            </Typography>
          )}
          {(recruit.feeKrw > 0 || recruit.feeUsd > 0) && (
            <Typography variant="body2" color="text.secondary">
              {t('part.fee', { krw: recruit.feeKrw.toLocaleString('ko-KR'), usd: (recruit.feeUsd / 100).toFixed(2) })}
            </Typography>
          )}
        </Paper>
        <PartSummary />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
          <Fields>
            <Cell full>
              <FormSelect name="major" label={t('part.major')} options={majorOptions} required />
            </Cell>
            <Cell>
              <FormSelect name="categoryCode" label={t('part.category')} options={code(recruit.categories)} required />
            </Cell>
            <Cell>
              <FormSelect name="stayTypeCode" label={t('part.stayType')} options={code(recruit.stayTypes)} required />
            </Cell>
            <Cell full>
              <FormCheck name="isGeneralType" label={t('part.isGeneralType')} />
            </Cell>
          </Fields>
        </Paper>
        {questions.length > 0 && (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
            {questions.filter((q) => q.isLeaf).map((q) => (
              <PartQuestion key={q.questionCode} q={q} />
            ))}
          </Paper>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="part-submit">
            {applNo ? t('part.change') : t('part.start')}
          </Button>
        </Box>
      </Box>
    </FormProvider>
  );
}

function PartSummary() {
  const { t } = useTranslation();
  const { errors } = useFieldErrors();
  const rest = useUnshownErrors();
  if (Object.keys(errors).length === 0) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="part-errors">
      {t('form.errorCount', { count: Object.keys(errors).length })}
      {Object.keys(rest).length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {Object.entries(rest).map(([k, m]) => (
            <li key={k}>{m}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

function PartQuestion({ q }: { q: SurveyQuestion }) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { control } = useFormContext<PartFormValues>();
  const name = `survey.${q.questionCode}` as const;
  const { field } = useController({ control, name });
  const { message, clear } = useFieldError(name);
  return (
    <FormControl error={!!message} component="fieldset" sx={{ display: 'block', mb: 2 }} data-testid={`part-survey-${q.questionCode}`}>
      <FormLabel component="legend" required={q.required}>
        {en ? q.engText : q.korText}
      </FormLabel>
      <RadioGroup
        value={field.value ?? ''}
        name={name}
        onChange={(e) => {
          field.onChange(e.target.value);
          clear();
        }}
      >
        {(q.items ?? []).map((i) => (
          <FormControlLabel
            key={i.itemCode}
            value={i.itemCode}
            control={<Radio size="small" slotProps={{ input: { 'data-testid': `${name}.${i.itemCode}` } as object }} />}
            label={en ? i.engValue : i.korValue}
          />
        ))}
      </RadioGroup>
      {message && <FormHelperText data-testid={`${name}-helper`}>{message}</FormHelperText>}
    </FormControl>
  );
}

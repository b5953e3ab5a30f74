import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { useFieldError } from '@/hooks/use-field-errors';
import type { SurveyAnswerDto, SurveyQuestion } from '@/types/survey';

/** The form's view of one question's answer. */
export type QuestionAnswer = { itemCode: string; itemCodes: string[]; answer: string; comments: Record<string, string> };

const emptyAnswer = (): QuestionAnswer => ({ itemCode: '', itemCodes: [], answer: '', comments: {} });

/** Server answers (one entry per ticked item) → one form answer per question. */
export function answersToForm(questions: SurveyQuestion[], answers: SurveyAnswerDto[] | null | undefined): Record<string, QuestionAnswer> {
  const out: Record<string, QuestionAnswer> = {};
  for (const q of questions) {
    if (!q.isLeaf) continue;
    const mine = (answers ?? []).filter((a) => a.questionCode === q.questionCode);
    const a = emptyAnswer();
    for (const m of mine) {
      if (m.itemCode) {
        if (q.inputType === 'checkbox') a.itemCodes.push(m.itemCode);
        else a.itemCode = m.itemCode;
        if (m.comment) a.comments[m.itemCode] = m.comment;
      }
      if (m.answer) a.answer = m.answer;
    }
    out[q.questionCode] = a;
  }
  return out;
}

/** The form → spec section 7's answer list; `index` gives the question of each entry (for field errors). */
export function formToAnswers(questions: SurveyQuestion[], form: Record<string, QuestionAnswer>): { answers: SurveyAnswerDto[]; index: string[] } {
  const answers: SurveyAnswerDto[] = [];
  const index: string[] = [];
  for (const q of questions) {
    if (!q.isLeaf) continue;
    const a = form[q.questionCode] ?? emptyAnswer();
    const base = { questionCode: q.questionCode, subQuestion: '', inputType: q.inputType, isLeaf: q.isLeaf, depth: q.depth, subAnswer: '' };
    const push = (itemCode: string, answer: string) => {
      answers.push({ ...base, itemCode, answer, comment: itemCode ? a.comments[itemCode] ?? '' : '' });
      index.push(q.questionCode);
    };
    if (q.inputType === 'checkbox') a.itemCodes.forEach((c) => push(c, ''));
    else if (q.inputType === 'radio') {
      if (a.itemCode) push(a.itemCode, '');
    } else if (a.answer.trim()) push('', a.answer);
  }
  return { answers, index };
}

/** answers[2].comment names the third entry sent: the server's field path moved to its question. */
export function answerErrorPath(path: string, questions: SurveyQuestion[], form: Record<string, QuestionAnswer>): string {
  const m = /^answers\.(\d+)\.(comment|answer|itemCode|questionCode)$/.exec(path);
  if (!m) return path;
  const q = formToAnswers(questions, form).index[Number(m[1])];
  return q ? `answers.${q}` : path;
}

/** One survey question (the SURVEY step and the site surveys of /survey): the
 * form holds `answers.<questionCode>`, and the server's error for it shows below. */
export function QuestionField({ q, lang, readOnly = false }: { q: SurveyQuestion; lang: string; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<{ answers: Record<string, QuestionAnswer> }>();
  const base = `answers.${q.questionCode}`;
  const { message, clear } = useFieldError(base);
  const { field: itemField } = useController({ control, name: `answers.${q.questionCode}.itemCode` });
  const { field: itemsField } = useController({ control, name: `answers.${q.questionCode}.itemCodes` });
  const { field: answerField } = useController({ control, name: `answers.${q.questionCode}.answer` });
  const comments = (useWatch({ control, name: `answers.${q.questionCode}.comments` }) ?? {}) as Record<string, string>;
  const text = lang === 'en' ? q.engText : q.korText;
  const indent = Math.max(0, (q.depth ?? 1) - 1) * 2;
  if (!q.isLeaf) {
    return (
      <FormLabel component="p" sx={{ display: 'block', fontWeight: 600, mb: 1, ml: indent }}>
        {text}
      </FormLabel>
    );
  }
  const items = q.items ?? [];
  const selected: string[] = q.inputType === 'checkbox' ? ((itemsField.value as string[]) ?? []) : itemField.value ? [String(itemField.value)] : [];
  const commentFor = (code: string) => {
    const item = items.find((i) => i.itemCode === code);
    if (!item?.hasComment || !selected.includes(code)) return null;
    return (
      <TextField
        key={`c-${code}`}
        size="small"
        fullWidth
        sx={{ mt: 1 }}
        label={t('survey.comment')}
        value={comments[code] ?? ''}
        disabled={readOnly}
        onChange={(e) => {
          setValue(`answers.${q.questionCode}.comments`, { ...comments, [code]: e.target.value }, { shouldDirty: true });
          clear();
        }}
        slotProps={{ htmlInput: { maxLength: 1000, name: `${base}.comment.${code}`, 'data-testid': `${base}.comment.${code}` } }}
      />
    );
  };
  return (
    <FormControl component="fieldset" error={!!message} sx={{ display: 'block', mb: 3, ml: indent }} data-error-anchor={base} tabIndex={-1} data-testid={`survey-${q.questionCode}`}>
      <FormLabel component="legend" required={q.required} sx={{ mb: 0.5 }}>
        {text}
      </FormLabel>
      {q.inputType === 'radio' && (
        <RadioGroup
          value={String(itemField.value ?? '')}
          onChange={(e) => {
            itemField.onChange(e.target.value);
            clear();
          }}
          name={base}
        >
          {items.map((i) => (
            <FormControlLabel
              key={i.itemCode}
              value={i.itemCode}
              disabled={readOnly}
              control={<Radio size="small" slotProps={{ input: { 'data-testid': `${base}.${i.itemCode}` } as object }} />}
              label={lang === 'en' ? i.engValue : i.korValue}
            />
          ))}
        </RadioGroup>
      )}
      {q.inputType === 'checkbox' && (
        <FormGroup>
          {items.map((i) => (
            <FormControlLabel
              key={i.itemCode}
              disabled={readOnly}
              label={lang === 'en' ? i.engValue : i.korValue}
              control={
                <Checkbox
                  size="small"
                  checked={selected.includes(i.itemCode)}
                  onChange={(e) => {
                    const next = e.target.checked ? [...selected, i.itemCode] : selected.filter((c) => c !== i.itemCode);
                    itemsField.onChange(next);
                    clear();
                  }}
                  slotProps={{ input: { name: `${base}.${i.itemCode}`, 'data-testid': `${base}.${i.itemCode}` } as object }}
                />
              }
            />
          ))}
        </FormGroup>
      )}
      {(q.inputType === 'text' || q.inputType === 'textarea') && (
        <TextField
          fullWidth
          size="small"
          multiline={q.inputType === 'textarea'}
          minRows={q.inputType === 'textarea' ? 3 : undefined}
          value={String(answerField.value ?? '')}
          disabled={readOnly}
          onChange={(e) => {
            answerField.onChange(e.target.value);
            clear();
          }}
          slotProps={{ htmlInput: { maxLength: 1000, name: base, 'aria-label': text, 'data-testid': base } }}
        />
      )}
      <Box>{selected.map(commentFor)}</Box>
      {message && <FormHelperText data-testid={`${base}-helper`}>{message}</FormHelperText>}
    </FormControl>
  );
}

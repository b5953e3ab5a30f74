import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { useLang, type LangResponse, type LanguageEntry } from '../../api/get-lang';
import { saveLang } from '../../api/save-lang';
import { StepFrame } from '../step-frame';
import { useApplicationForm } from '../form-context';
import { AddButton, Cell, Fields, ListError, RepeatCard, Section } from '../layout';
import { FormText } from '../fields/form-text';
import { FormDate } from '../fields/form-date';
import { FormSelect } from '../fields/form-select';
import { mergeDraft } from '../../utils/draft';
import type { LanguageExam } from '../../types';

export const TOPIK = '00009';

export const emptyLang = (): LanguageEntry => ({ nodeId: '', langExamCode: '', score: '', level: '', docNo: '', examDay: '', expiryDay: '', topik_seq: '' });

type LangForm = { partLanguages: LanguageEntry[] };

const itemTemplate = (path: string) => (path === 'partLanguages' ? emptyLang() : undefined);

/** Language scores (LANG_SAVE): the school's tests; at least one when the school requires it. */
export function LanguageStep() {
  const { applNo, recruit } = useApplicationForm();
  const query = useLang(applNo);
  const required = recruit.rules.languageRequired;
  const toForm = useCallback(
    (r: LangResponse): LangForm => {
      const list = (r.partLanguages ?? []).map((l) => mergeDraft(emptyLang(), l));
      return { partLanguages: list.length || !required ? list : [emptyLang()] };
    },
    [required],
  );
  const save = useCallback((v: LangForm) => saveLang(applNo, v), [applNo]);
  const exams = query.data?.languageExams ?? recruit.languageExams ?? [];
  return (
    <StepFrame query={query} toForm={toForm} save={save} itemTemplate={itemTemplate}>
      <LanguageFields exams={exams} required={required} />
    </StepFrame>
  );
}

function LanguageFields({ exams, required }: { exams: LanguageExam[]; required: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<LangForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'partLanguages' });
  return (
    <Section title={t('lang.title')} testId="section-lang" action={<AddButton onClick={() => append(emptyLang())} testId="lang-add" label={t('lang.add')} disabled={fields.length >= exams.length} />}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {required ? t('lang.introRequired') : t('lang.intro')}
      </Alert>
      <ListError name="partLanguages" />
      {fields.map((f, i) => (
        <RepeatCard key={f.id} title={t('lang.entry', { n: i + 1 })} onRemove={() => remove(i)} removeTestId={`lang-remove-${i}`}>
          <LanguageEntryFields index={i} exams={exams} />
        </RepeatCard>
      ))}
    </Section>
  );
}

function LanguageEntryFields({ index, exams }: { index: number; exams: LanguageExam[] }) {
  const { t } = useTranslation();
  const { lang } = useApplicationForm();
  const { control } = useFormContext<LangForm>();
  const b = `partLanguages.${index}` as const;
  const code = useWatch({ control, name: `${b}.langExamCode` });
  const exam = exams.find((e) => e.code === code);
  const options = exams.map((e) => ({ value: e.code, label: lang === 'en' ? e.engName : `${e.korName} (${e.engName})` }));
  return (
    <Fields>
      <Cell>
        <FormSelect name={`${b}.langExamCode`} label={t('lang.exam')} options={options} required />
      </Cell>
      {exam?.inputType === 'score' && (
        <Cell>
          <FormText name={`${b}.score`} label={t('lang.score')} inputMode="decimal" required helper={t('lang.scoreHelp', { max: exam.maxScore })} />
        </Cell>
      )}
      {exam?.inputType === 'level' && (
        <Cell>
          <FormText name={`${b}.level`} label={t('lang.level')} required />
        </Cell>
      )}
      {exam?.inputType === 'docNo' && (
        <Cell>
          <FormText name={`${b}.docNo`} label={t('lang.docNo')} required />
        </Cell>
      )}
      <Cell>
        <FormDate name={`${b}.examDay`} label={t('lang.examDay')} required />
      </Cell>
      <Cell>
        <FormDate name={`${b}.expiryDay`} label={t('lang.expiryDay')} />
      </Cell>
      {code === TOPIK && (
        <Cell>
          <FormText name={`${b}.topik_seq`} label={t('lang.topikSeq')} inputMode="numeric" helper={t('form.digitsHelp')} />
        </Cell>
      )}
    </Fields>
  );
}

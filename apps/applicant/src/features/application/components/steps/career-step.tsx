import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { useCareer, type CareerEntry, type CareerResponse } from '../../api/get-career';
import { saveCareer } from '../../api/save-career';
import { StepFrame } from '../step-frame';
import { codeOptions, useApplicationForm } from '../form-context';
import { AddButton, Cell, Fields, ListError, RepeatCard, Section } from '../layout';
import { FormText } from '../fields/form-text';
import { FormDate } from '../fields/form-date';
import { FormSelect } from '../fields/form-select';
import { FormCheck } from '../fields/form-check';
import { mergeDraft } from '../../utils/draft';

export const emptyCareer = (): CareerEntry => ({
  companyName: '', description: '', address: '', compType: '', employmentType: '', department: '', position: '',
  joinDay: '', retireDay: '', currentYn: false,
});

type CareerForm = { careerList: CareerEntry[] };

const itemTemplate = (path: string) => (path === 'careerList' ? emptyCareer() : undefined);

export function careerToForm(r: CareerResponse): CareerForm {
  return { careerList: (r.careerList ?? []).map((c) => mergeDraft(emptyCareer(), c)) };
}

/** Career (CAREER_SAVE): repeatable, only one current. */
export function CareerStep() {
  const { applNo } = useApplicationForm();
  const query = useCareer(applNo);
  const save = useCallback((v: CareerForm) => saveCareer(applNo, v), [applNo]);
  return (
    <StepFrame query={query} toForm={careerToForm} save={save} itemTemplate={itemTemplate}>
      <CareerFields />
    </StepFrame>
  );
}

function CareerFields() {
  const { t } = useTranslation();
  const { control } = useFormContext<CareerForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'careerList' });
  return (
    <Section title={t('career.title')} testId="section-career" action={<AddButton onClick={() => append(emptyCareer())} testId="career-add" label={t('career.add')} />}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('career.intro')}
      </Alert>
      <ListError name="careerList" />
      {fields.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="career-empty">
          {t('career.empty')}
        </Typography>
      )}
      {fields.map((f, i) => (
        <RepeatCard key={f.id} title={t('career.entry', { n: i + 1 })} onRemove={() => remove(i)} removeTestId={`career-remove-${i}`}>
          <CareerEntryFields index={i} />
        </RepeatCard>
      ))}
    </Section>
  );
}

function CareerEntryFields({ index }: { index: number }) {
  const { t } = useTranslation();
  const { codes, lang } = useApplicationForm();
  const { control, setValue } = useFormContext<CareerForm>();
  const b = `careerList.${index}` as const;
  const current = useWatch({ control, name: `${b}.currentYn` });
  return (
    <Fields>
      <Cell>
        <FormText name={`${b}.companyName`} label={t('career.companyName')} required />
      </Cell>
      <Cell>
        <FormText name={`${b}.department`} label={t('career.department')} />
      </Cell>
      <Cell>
        <FormText name={`${b}.position`} label={t('career.position')} />
      </Cell>
      <Cell>
        <FormText name={`${b}.address`} label={t('career.address')} />
      </Cell>
      <Cell>
        <FormSelect name={`${b}.compType`} label={t('career.compType')} options={codeOptions(codes.compTypeList, lang)} />
      </Cell>
      <Cell>
        <FormSelect name={`${b}.employmentType`} label={t('career.employmentType')} options={codeOptions(codes.employmentTypeList, lang)} />
      </Cell>
      <Cell>
        <FormDate name={`${b}.joinDay`} label={t('career.joinDay')} required />
      </Cell>
      <Cell>
        {!current && <FormDate name={`${b}.retireDay`} label={t('career.retireDay')} required />}
      </Cell>
      <Cell full>
        <FormCheck
          name={`${b}.currentYn`}
          label={t('career.currentYn')}
          onValue={(on) => {
            if (on) setValue(`${b}.retireDay`, '', { shouldDirty: true });
          }}
        />
      </Cell>
      <Cell full>
        <FormText name={`${b}.description`} label={t('career.description')} multiline rows={3} />
      </Cell>
    </Fields>
  );
}

import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { useAcad, type AcadRecord, type AcadResponse } from '../../api/get-acad';
import { saveAcad } from '../../api/save-acad';
import { StepFrame } from '../step-frame';
import { codeOptions, useApplicationForm } from '../form-context';
import { AddButton, Cell, Fields, ListError, RepeatCard, Section } from '../layout';
import { FormText } from '../fields/form-text';
import { FormDate } from '../fields/form-date';
import { FormSelect } from '../fields/form-select';
import { FormCheck } from '../fields/form-check';
import { CountryField } from '../fields/country-field';
import { OTHER_SCHOOL, UniversityField } from '../fields/university-field';
import { mergeDraft } from '../../utils/draft';

export const emptyAcad = (final = false): AcadRecord => ({
  acadType: 'univ', schoolCode: '', searchSchoolName: '', countryCode: '', city: '', college: '', major: '', department: '',
  acadFinal: final, enterDay: '', graduateDay: '', graduationStatus: '', degreeNo: '', degreeCourse: '', degreeLevel: '',
  transfer: false, credits: '', gradeForm: '', fullScore: '', fullScoreEtc: '', gpa: '', studentId: '',
  schoolKorName: '', schoolEngName: '',
});

type AcadForm = { acadList: AcadRecord[] };

const itemTemplate = (path: string) => (path === 'acadList' ? emptyAcad() : undefined);

export function acadToForm(r: AcadResponse): AcadForm {
  const list = (r.acadList ?? []).map((a) => mergeDraft(emptyAcad(), a));
  return { acadList: list.length ? list : [emptyAcad(true)] };
}

/** The school's display names are for the page only. */
function toPayload(v: AcadForm): { acadList: AcadRecord[] } {
  return { acadList: v.acadList.map(({ schoolKorName: _k, schoolEngName: _e, ...rest }) => rest) };
}

/** Academic history (ACAD_SAVE): repeatable records, exactly one final. */
export function AcademicStep() {
  const { applNo } = useApplicationForm();
  const query = useAcad(applNo);
  const save = useCallback((v: AcadForm) => saveAcad(applNo, toPayload(v)), [applNo]);
  return (
    <StepFrame query={query} toForm={acadToForm} save={save} itemTemplate={itemTemplate}>
      <AcademicFields />
    </StepFrame>
  );
}

function AcademicFields() {
  const { t } = useTranslation();
  const { control } = useFormContext<AcadForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'acadList' });
  return (
    <Section title={t('acad.title')} testId="section-acad" action={<AddButton onClick={() => append(emptyAcad())} testId="acad-add" label={t('acad.add')} />}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('acad.intro')}
      </Alert>
      <ListError name="acadList" />
      {fields.map((f, i) => (
        <RepeatCard key={f.id} title={t('acad.record', { n: i + 1 })} onRemove={() => remove(i)} removeTestId={`acad-remove-${i}`} canRemove={fields.length > 1}>
          <AcadRecordFields index={i} />
        </RepeatCard>
      ))}
    </Section>
  );
}

function AcadRecordFields({ index }: { index: number }) {
  const { t } = useTranslation();
  const { codes, lang } = useApplicationForm();
  const { control } = useFormContext<AcadForm>();
  const b = `acadList.${index}` as const;
  const [acadType, schoolCode, gradeForm, fullScore] = useWatch({
    control,
    name: [`${b}.acadType`, `${b}.schoolCode`, `${b}.gradeForm`, `${b}.fullScore`],
  });
  const opts = (group: string) => codeOptions(codes[group], lang);
  const degreeCourses = acadType === 'grad' ? opts('gradDegreeTypeList') : opts('univDegreeTypeList');
  const gpaHelp = gradeForm === '00002' ? t('acad.gpaPercentHelp') : gradeForm === '00001' ? t('acad.gpaAverageHelp') : undefined;
  return (
    <Fields>
      <Cell full>
        <FormCheck name={`${b}.acadFinal`} label={t('acad.acadFinal')} />
      </Cell>
      <Cell>
        <FormSelect name={`${b}.acadType`} label={t('acad.acadType')} options={opts('acadTypeList')} required />
      </Cell>
      <Cell>
        <UniversityField base={b} label={t('acad.school')} required />
      </Cell>
      {schoolCode === OTHER_SCHOOL && (
        <Cell>
          <FormText name={`${b}.searchSchoolName`} label={t('acad.searchSchoolName')} required helper={t('acad.searchSchoolNameHelp')} />
        </Cell>
      )}
      <Cell>
        <CountryField name={`${b}.countryCode`} label={t('acad.country')} required />
      </Cell>
      <Cell>
        <FormText name={`${b}.city`} label={t('acad.city')} />
      </Cell>
      <Cell>
        <FormText name={`${b}.college`} label={t('acad.college')} />
      </Cell>
      <Cell>
        <FormText name={`${b}.major`} label={t('acad.major')} />
      </Cell>
      <Cell>
        <FormText name={`${b}.department`} label={t('acad.department')} helper={t('acad.departmentHelp')} />
      </Cell>
      <Cell>
        <FormDate name={`${b}.enterDay`} label={t('acad.enterDay')} required />
      </Cell>
      <Cell>
        <FormDate name={`${b}.graduateDay`} label={t('acad.graduateDay')} />
      </Cell>
      <Cell>
        <FormSelect name={`${b}.graduationStatus`} label={t('acad.graduationStatus')} options={opts('acadStsList')} required />
      </Cell>
      <Cell>
        <FormText name={`${b}.degreeNo`} label={t('acad.degreeNo')} />
      </Cell>
      {(acadType === 'univ' || acadType === 'grad') && (
        <>
          <Cell>
            <FormSelect name={`${b}.degreeCourse`} label={t('acad.degreeCourse')} options={degreeCourses} />
          </Cell>
          <Cell>
            <FormSelect name={`${b}.degreeLevel`} label={t('acad.degreeLevel')} options={opts('degreeLevelList')} />
          </Cell>
        </>
      )}
      <Cell>
        <FormText name={`${b}.credits`} label={t('acad.credits')} inputMode="decimal" />
      </Cell>
      <Cell>
        <FormSelect name={`${b}.gradeForm`} label={t('acad.gradeForm')} options={opts('gradeFormList')} required />
      </Cell>
      <Cell>
        <FormSelect name={`${b}.fullScore`} label={t('acad.fullScore')} options={opts('fullScoreList')} required={gradeForm === '00001' || gradeForm === '00002'} />
      </Cell>
      {fullScore === 'ETC' && (
        <Cell>
          <FormText name={`${b}.fullScoreEtc`} label={t('acad.fullScoreEtc')} inputMode="decimal" />
        </Cell>
      )}
      <Cell>
        <FormText name={`${b}.gpa`} label={t('acad.gpa')} inputMode={gradeForm === '00003' ? 'text' : 'decimal'} helper={gpaHelp} required />
      </Cell>
      <Cell>
        <FormText name={`${b}.studentId`} label={t('acad.studentId')} />
      </Cell>
      <Cell full>
        <FormCheck name={`${b}.transfer`} label={t('acad.transfer')} />
      </Cell>
    </Fields>
  );
}

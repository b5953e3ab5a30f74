import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { codeOptions, useApplicationForm } from '../../form-context';
import { AddButton, Cell, Fields, ListError, RepeatCard, Section } from '../../layout';
import { FormText } from '../../fields/form-text';
import { FormDate } from '../../fields/form-date';
import { FormSelect } from '../../fields/form-select';
import { CountryField } from '../../fields/country-field';
import { emptyFamily, type BasisForm } from './empty-info';

/** Family members, at most `max` (the server's limit). */
export function FamilySection({ required, max }: { required: boolean; max: number }) {
  const { t } = useTranslation();
  const { control } = useFormContext<BasisForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'applicantInfo.familyList' });
  const { codes, lang } = useApplicationForm();
  return (
    <Section
      title={`${t('basis.familyList')}${required ? ' *' : ''}`}
      testId="section-family"
      action={<AddButton onClick={() => append(emptyFamily())} testId="family-add" label={t('basis.addFamily')} disabled={fields.length >= max} />}
    >
      <ListError name="applicantInfo.familyList" />
      {fields.map((f, i) => {
        const b = `applicantInfo.familyList.${i}`;
        return (
          <RepeatCard key={f.id} title={t('basis.familyMember', { n: i + 1 })} onRemove={() => remove(i)} removeTestId={`family-remove-${i}`}>
            <Fields>
              <Cell>
                <FormSelect name={`${b}.relation`} label={t('basis.relation')} options={codeOptions(codes.relationList, lang)} />
              </Cell>
              <Cell>
                <FormText name={`${b}.name`} label={t('basis.contactName')} />
              </Cell>
              <Cell>
                <CountryField name={`${b}.nationality`} label={t('basis.nationality')} />
              </Cell>
              <Cell>
                <FormDate name={`${b}.birthDate`} label={t('basis.birthDate')} />
              </Cell>
              <Cell>
                <FormText name={`${b}.occupation`} label={t('basis.occupation')} />
              </Cell>
              <Cell>
                <FormText name={`${b}.phone`} label={t('basis.phone')} inputMode="tel" />
              </Cell>
            </Fields>
          </RepeatCard>
        );
      })}
    </Section>
  );
}

import { useTranslation } from '@/lib/use-translation';
import { codeOptions, useApplicationForm } from '../../form-context';
import { Cell, Fields, Section } from '../../layout';
import { FormSelect } from '../../fields/form-select';
import { CountryField } from '../../fields/country-field';
import { P } from './empty-info';

/** Residency type and country. */
export function ResidencySection({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const { codes, lang } = useApplicationForm();
  return (
    <Section title={t('basis.residency')} testId="section-residency">
      <Fields>
        <Cell>
          <FormSelect name={`${P}.residencyTypeCode`} label={t('basis.residencyTypeCode')} options={codeOptions(codes.residencyTypeList, lang)} required={required} />
        </Cell>
        <Cell>
          <CountryField name={`${P}.residencyCountryCode`} label={t('basis.residencyCountryCode')} required={required} />
        </Cell>
      </Fields>
    </Section>
  );
}

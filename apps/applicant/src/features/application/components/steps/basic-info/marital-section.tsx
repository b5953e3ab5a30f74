import { useTranslation } from '@/lib/use-translation';
import { codeOptions, useApplicationForm } from '../../form-context';
import { Cell, Fields, Section } from '../../layout';
import { FormText } from '../../fields/form-text';
import { FormDate } from '../../fields/form-date';
import { FormSelect } from '../../fields/form-select';
import { CountryField } from '../../fields/country-field';
import type { ShownSections } from './sections';
import { P } from './empty-info';

/** The marital status code of a married applicant (MARITAL_STS), who is asked about the spouse. */
const MARRIED = '00002';

/** Marital status and children, and the spouse of a married applicant. */
export function MaritalSection({ sections, marital }: { sections: ShownSections; marital: string }) {
  const { t } = useTranslation();
  const { codes, lang } = useApplicationForm();
  const { show, required: req } = sections;
  return (
    <Section title={t('basis.marital')} testId="section-marital">
      <Fields>
        {show('marital') && (
          <>
            <Cell>
              <FormSelect name={`${P}.maritalStatus`} label={t('basis.maritalStatus')} options={codeOptions(codes.maritalStsList, lang)} required={req('marital')} />
            </Cell>
            <Cell>
              <FormText name={`${P}.childNum`} label={t('basis.childNum')} inputMode="numeric" helper={t('form.digitsHelp')} />
            </Cell>
          </>
        )}
        {show('spouse') && (marital === MARRIED || req('spouse')) && (
          <>
            <Cell>
              <FormText name={`${P}.spouse.name`} label={t('basis.spouseName')} required={req('spouse')} />
            </Cell>
            <Cell>
              <CountryField name={`${P}.spouse.nationality`} label={t('basis.nationality')} />
            </Cell>
            <Cell>
              <FormDate name={`${P}.spouse.birthDate`} label={t('basis.birthDate')} />
            </Cell>
            <Cell>
              <FormText name={`${P}.spouse.occupation`} label={t('basis.occupation')} />
            </Cell>
            <Cell>
              <FormText name={`${P}.spouse.phone`} label={t('basis.phone')} inputMode="tel" />
            </Cell>
          </>
        )}
      </Fields>
    </Section>
  );
}

import { useTranslation } from '@/lib/use-translation';
import { Cell, Fields, Section } from '../../layout';
import { FormText } from '../../fields/form-text';
import { FormDate } from '../../fields/form-date';
import { CountryField } from '../../fields/country-field';
import { P } from './empty-info';

/** A language school attended (e.g. a Korean course). */
export function LanguageSchoolSection({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const l = `${P}.languageSchool`;
  return (
    <Section title={t('basis.languageSchool')} testId="section-language-school">
      <Fields>
        <Cell>
          <FormText name={`${l}.name`} label={t('basis.languageSchoolName')} required={required} />
        </Cell>
        <Cell>
          <CountryField name={`${l}.countryCode`} label={t('basis.country')} />
        </Cell>
        <Cell>
          <FormDate name={`${l}.enterDay`} label={t('basis.enterDay')} />
        </Cell>
        <Cell>
          <FormDate name={`${l}.graduateDay`} label={t('basis.graduateDay')} />
        </Cell>
        <Cell>
          <FormText name={`${l}.level`} label={t('basis.level')} />
        </Cell>
      </Fields>
    </Section>
  );
}

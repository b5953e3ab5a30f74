import { useTranslation } from '@/lib/use-translation';
import { codeOptions, useApplicationForm } from '../../form-context';
import { Cell, Fields, Section } from '../../layout';
import { FormText } from '../../fields/form-text';
import { FormSelect } from '../../fields/form-select';
import { P } from './empty-info';

/** Alien registration number and status. */
export function AlienSection({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const { codes, lang } = useApplicationForm();
  return (
    <Section title={t('basis.alienRegistration')} testId="section-alien">
      <Fields>
        <Cell>
          <FormText name={`${P}.foreignerRegistrationNo`} label={t('basis.foreignerRegistrationNo')} inputMode="numeric" maxLength={13} helper={t('basis.alienNoHelp')} required={required} />
        </Cell>
        <Cell>
          <FormSelect name={`${P}.alienRegistrationStatus`} label={t('basis.alienRegistrationStatus')} options={codeOptions(codes.alienRegStsList, lang)} required={required} />
        </Cell>
      </Fields>
    </Section>
  );
}

import { useTranslation } from '@/lib/use-translation';
import { Cell, Fields, Section } from '../../layout';
import { FormText } from '../../fields/form-text';
import { P } from './empty-info';

/** Whom to call in an emergency. */
export function EmergencySection({ required }: { required: boolean }) {
  const { t } = useTranslation();
  return (
    <Section title={t('basis.emergencyContact')} testId="section-emergency">
      <Fields>
        <Cell>
          <FormText name={`${P}.emergencyContact.name`} label={t('basis.contactName')} required={required} />
        </Cell>
        <Cell>
          <FormText name={`${P}.emergencyContact.relation`} label={t('basis.relation')} required={required} />
        </Cell>
        <Cell>
          <FormText name={`${P}.emergencyContact.phone`} label={t('basis.phone')} inputMode="tel" required={required} />
        </Cell>
      </Fields>
    </Section>
  );
}

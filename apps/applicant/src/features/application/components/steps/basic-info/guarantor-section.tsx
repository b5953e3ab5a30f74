import { useTranslation } from '@/lib/use-translation';
import { Cell, Fields, Section } from '../../layout';
import { FormText } from '../../fields/form-text';
import { P } from './empty-info';

/** The financial guarantor of a foreign applicant. */
export function GuarantorSection({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const g = `${P}.financialGuarantor`;
  return (
    <Section title={t('basis.financialGuarantor')} testId="section-guarantor">
      <Fields>
        <Cell>
          <FormText name={`${g}.name`} label={t('basis.contactName')} required={required} />
        </Cell>
        <Cell>
          <FormText name={`${g}.relation`} label={t('basis.relation')} required={required} />
        </Cell>
        <Cell>
          <FormText name={`${g}.occupation`} label={t('basis.occupation')} />
        </Cell>
        <Cell>
          <FormText name={`${g}.phone`} label={t('basis.phone')} inputMode="tel" required={required} />
        </Cell>
        <Cell>
          <FormText name={`${g}.email`} label={t('basis.email')} type="email" />
        </Cell>
        <Cell>
          <FormText name={`${g}.annualIncome`} label={t('basis.annualIncome')} />
        </Cell>
        <Cell full>
          <FormText name={`${g}.address`} label={t('basis.address')} />
        </Cell>
      </Fields>
    </Section>
  );
}

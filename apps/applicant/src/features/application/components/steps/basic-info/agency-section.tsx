import { useTranslation } from '@/lib/use-translation';
import { Cell, Fields, Section } from '../../layout';
import { FormText } from '../../fields/form-text';
import { P } from './empty-info';

/** The overseas study agency that helps the applicant. */
export function AgencySection({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const a = `${P}.overseasAgency`;
  return (
    <Section title={t('basis.overseasAgency')} testId="section-agency">
      <Fields>
        <Cell>
          <FormText name={`${a}.name`} label={t('basis.agencyName')} required={required} />
        </Cell>
        <Cell>
          <FormText name={`${a}.agentName`} label={t('basis.agentName')} required={required} />
        </Cell>
        <Cell>
          <FormText name={`${a}.email`} label={t('basis.email')} type="email" required={required} />
        </Cell>
        <Cell>
          <FormText name={`${a}.phone`} label={t('basis.phone')} inputMode="tel" />
        </Cell>
        <Cell>
          <FormText name={`${a}.wechatId`} label={t('basis.wechatId')} />
        </Cell>
      </Fields>
    </Section>
  );
}

import { useFormContext } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { Cell, Fields, Section } from '../../layout';
import { FormText } from '../../fields/form-text';
import { FormDate } from '../../fields/form-date';
import { CountryField } from '../../fields/country-field';
import { NoneCheck } from './none-check';
import { P, type BasisForm } from './empty-info';

/** Passport: its number or the school's "none" value (`none`, from the server). */
export function PassportSection({ required, none, passportNo }: { required: boolean; none: string; passportNo: string }) {
  const { t } = useTranslation();
  const { setValue } = useFormContext<BasisForm>();
  const noPassport = passportNo !== '' && passportNo === none;
  return (
    <Section title={t('basis.passport')} testId="section-passport">
      <Fields>
        <Cell>
          <FormText name={`${P}.passportNo`} label={t('basis.passportNo')} required={required} helper={t('basis.passportNoneHelp', { none })} disabled={noPassport} />
        </Cell>
        <Cell>
          <NoneCheck
            checked={noPassport}
            label={t('basis.noPassport', { none })}
            testId="no-passport"
            onChange={(on) => {
              setValue(`${P}.passportNo`, on ? none : '', { shouldDirty: true });
              if (on) {
                setValue(`${P}.passportIssueDate`, '', { shouldDirty: true });
                setValue(`${P}.passportExpiryDate`, '', { shouldDirty: true });
                setValue(`${P}.passportIssueCountry`, '', { shouldDirty: true });
              }
            }}
          />
        </Cell>
        {!noPassport && (
          <>
            <Cell>
              <FormDate name={`${P}.passportIssueDate`} label={t('basis.passportIssueDate')} />
            </Cell>
            <Cell>
              <FormDate name={`${P}.passportExpiryDate`} label={t('basis.passportExpiryDate')} helper={t('basis.passportExpiryHelp')} />
            </Cell>
            <Cell>
              <CountryField name={`${P}.passportIssueCountry`} label={t('basis.passportIssueCountry')} />
            </Cell>
          </>
        )}
      </Fields>
    </Section>
  );
}

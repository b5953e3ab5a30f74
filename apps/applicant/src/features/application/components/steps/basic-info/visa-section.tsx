import FormGroup from '@mui/material/FormGroup';
import { useTranslation } from '@/lib/use-translation';
import { codeOptions, useApplicationForm } from '../../form-context';
import { Cell, Fields, Section } from '../../layout';
import { FormText } from '../../fields/form-text';
import { FormDate } from '../../fields/form-date';
import { FormSelect } from '../../fields/form-select';
import { FormCheck } from '../../fields/form-check';
import { P } from './empty-info';

/** Visa: the type (the school's "none" or "other" codes come from the server), number and flags. */
export function VisaSection({ required, none, other, visaType }: { required: boolean; none: string; other: string; visaType: string }) {
  const { t } = useTranslation();
  const { codes, lang } = useApplicationForm();
  const options = codeOptions(codes.visaTypeList, lang);
  return (
    <Section title={t('basis.visa')} testId="section-visa">
      <Fields>
        <Cell>
          <FormSelect
            name={`${P}.visaTypeCode`}
            label={t('basis.visaTypeCode')}
            options={options}
            required={required}
            helper={t('basis.visaNoneHelp', { none: options.find((o) => o.value === none)?.label ?? none })}
          />
        </Cell>
        {visaType === other && (
          <Cell>
            <FormText name={`${P}.visaTypeEtc`} label={t('basis.visaTypeEtc')} required />
          </Cell>
        )}
        {visaType !== none && (
          <>
            <Cell>
              <FormText name={`${P}.visaNo`} label={t('basis.visaNo')} />
            </Cell>
            <Cell>
              <FormDate name={`${P}.visaExpiryDate`} label={t('basis.visaExpiryDate')} />
            </Cell>
          </>
        )}
        <Cell>
          <FormText name={`${P}.applyVisa`} label={t('basis.applyVisa')} />
        </Cell>
        <Cell full>
          <FormGroup row>
            <FormCheck name={`${P}.visaChangeRequired`} label={t('basis.visaChangeRequired')} />
            <FormCheck name={`${P}.isHaveExperienceApplyVisa`} label={t('basis.isHaveExperienceApplyVisa')} />
            <FormCheck name={`${P}.isApplyVisaApproved`} label={t('basis.isApplyVisaApproved')} />
            <FormCheck name={`${P}.travelAbroad`} label={t('basis.travelAbroad')} />
          </FormGroup>
        </Cell>
      </Fields>
    </Section>
  );
}

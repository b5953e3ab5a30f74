import { useTranslation } from '@/lib/use-translation';
import { Cell, Fields, Section } from '../../layout';
import { FormText } from '../../fields/form-text';
import { FormDate } from '../../fields/form-date';
import { PostcodeField } from '../../fields/postcode-field';
import type { ShownSections } from './sections';
import { P } from './empty-info';

/** Address, phones and e-mail, with the messenger, hometown and stay groups where shown. */
export function ContactSection({ sections }: { sections: ShownSections }) {
  const { t } = useTranslation();
  const { show, required: req } = sections;
  return (
    <Section title={t('basis.contact')} testId="section-contact">
      <Fields>
        <PostcodeField prefix={P} />
        <Cell full>
          <FormText name={`${P}.foreignAddress`} label={t('basis.foreignAddress')} />
        </Cell>
        <Cell>
          <FormText name={`${P}.mobile`} label={t('basis.mobile')} inputMode="tel" helper={t('basis.phoneHelp')} required />
        </Cell>
        <Cell>
          <FormText name={`${P}.phone`} label={t('basis.phone')} inputMode="tel" />
        </Cell>
        <Cell>
          <FormText name={`${P}.email`} label={t('basis.email')} type="email" required />
        </Cell>
        {show('messenger') && (
          <>
            <Cell>
              <FormText name={`${P}.messengerId`} label={t('basis.messengerId')} required={req('messenger')} />
            </Cell>
            <Cell>
              <FormText name={`${P}.skypeId`} label={t('basis.skypeId')} />
            </Cell>
          </>
        )}
        {show('hometown') && (
          <Cell>
            <FormText name={`${P}.hometown`} label={t('basis.hometown')} required={req('hometown')} />
          </Cell>
        )}
        {show('stay') && (
          <>
            <Cell>
              <FormDate name={`${P}.entryDate`} label={t('basis.entryDate')} required={req('stay')} />
            </Cell>
            <Cell>
              <FormText name={`${P}.monthsOfStay`} label={t('basis.monthsOfStay')} inputMode="numeric" required={req('stay')} helper={t('form.digitsHelp')} />
            </Cell>
          </>
        )}
      </Fields>
    </Section>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from '@/lib/use-translation';
import { codeOptions, useApplicationForm } from '../../form-context';
import { Cell, Fields, Section } from '../../layout';
import { FormText } from '../../fields/form-text';
import { FormDate } from '../../fields/form-date';
import { FormSelect } from '../../fields/form-select';
import { FormCheck } from '../../fields/form-check';
import { CountryField, countryName } from '../../fields/country-field';
import type { Origin } from '../../../api/get-basis';
import { P } from './empty-info';

/** Nationality, gender, birth date and the names of a Korean or a foreign national. */
export function PersonalSection({ origin, multi }: { origin: Origin; multi: boolean }) {
  const { t } = useTranslation();
  const { recruit, codes, lang, countries } = useApplicationForm();
  const refused = (recruit.rules.refusedNationalities ?? []).map((c) => countryName(countries.find((x) => x.code === c), lang) || c);
  const opts = (group: string) => codeOptions(codes[group], lang);
  return (
    <Section title={t('basis.personal')} testId="section-personal">
      {refused.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="rule-nationality">
          {t('basis.ruleNationality', { countries: refused.join(', ') })}
        </Alert>
      )}
      <Fields>
        <Cell>
          <CountryField name={`${P}.nationality`} label={t('basis.nationality')} required />
        </Cell>
        <Cell>
          <FormSelect name={`${P}.gend`} label={t('basis.gend')} options={opts('genderList')} required />
        </Cell>
        <Cell>
          <FormDate name={`${P}.birthDate`} label={t('basis.birthDate')} required />
        </Cell>
        <Cell>
          <FormCheck name={`${P}.multiNationality`} label={t('basis.multiNationality')} />
        </Cell>
        {multi && (
          <Cell>
            <CountryField name={`${P}.multiNationalityCode`} label={t('basis.multiNationalityCode')} required />
          </Cell>
        )}
      </Fields>
      <Box sx={{ mt: 2 }}>{origin === 'korean' ? <KoreanNames /> : <ForeignNames chosen={origin === 'foreign'} />}</Box>
    </Section>
  );
}

function KoreanNames() {
  const { t } = useTranslation();
  return (
    <Fields>
      <Cell>
        <FormText name={`${P}.korName`} label={t('basis.korName')} required helper={t('basis.korNameHelp')} />
      </Cell>
      <Cell>
        <FormText name={`${P}.engName`} label={t('basis.engName')} required helper={t('basis.engNameHelp')} />
      </Cell>
      <Cell>
        <FormText name={`${P}.lastName_eng`} label={t('basis.lastNameEng')} helper={t('basis.engOnlyHelp')} />
      </Cell>
      <Cell>
        <FormText name={`${P}.firstName_eng`} label={t('basis.firstNameEng')} helper={t('basis.engOnlyHelp')} />
      </Cell>
      <Cell>
        <FormText name={`${P}.residentNoLast`} label={t('basis.residentNoLast')} required inputMode="numeric" maxLength={7} helper={t('basis.residentNoHelp')} />
      </Cell>
    </Fields>
  );
}

function ForeignNames({ chosen }: { chosen: boolean }) {
  const { t } = useTranslation();
  const { codes, lang } = useApplicationForm();
  return (
    <Fields>
      <Cell>
        <FormText name={`${P}.lastName`} label={t('basis.lastName')} required={chosen} helper={t('basis.nameHelp')} />
      </Cell>
      <Cell>
        <FormText name={`${P}.firstName`} label={t('basis.firstName')} required={chosen} helper={t('basis.nameHelp')} />
      </Cell>
      <Cell>
        <FormText name={`${P}.middleName`} label={t('basis.middleName')} helper={t('basis.middleNameHelp')} />
      </Cell>
      <Cell>
        <FormSelect name={`${P}.foreignerType`} label={t('basis.foreignerType')} options={codeOptions(codes.foreignerTypeList, lang)} />
      </Cell>
      <Cell>
        <FormText name={`${P}.engLastName`} label={t('basis.engLastName')} helper={t('basis.engAlnumHelp')} />
      </Cell>
      <Cell>
        <FormText name={`${P}.engFirstName`} label={t('basis.engFirstName')} helper={t('basis.engAlnumHelp')} />
      </Cell>
      <Cell>
        <FormCheck name={`${P}.isCompatriot`} label={t('basis.isCompatriot')} />
      </Cell>
      <Cell>
        <FormCheck name={`${P}.overseasKorean`} label={t('basis.overseasKorean')} />
      </Cell>
    </Fields>
  );
}

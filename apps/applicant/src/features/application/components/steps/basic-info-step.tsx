import { useCallback, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBasis, type ApplicantInfo, type BasisResponse, type FamilyMember } from '../../api/get-basis';
import { saveBasis } from '../../api/save-basis';
import { useBasisEmail } from '../../api/get-basis-email';
import { StepFrame } from '../step-frame';
import { codeOptions, useApplicationForm } from '../form-context';
import { AddButton, Cell, Fields, ListError, RepeatCard, Section } from '../layout';
import { FormText } from '../fields/form-text';
import { FormDate } from '../fields/form-date';
import { FormSelect } from '../fields/form-select';
import { FormCheck } from '../fields/form-check';
import { CountryField, countryName } from '../fields/country-field';
import { PostcodeField } from '../fields/postcode-field';
import { useFieldError } from '../../hooks/use-field-errors';
import { mergeDraft } from '../../utils/draft';

export const KOREA = '410';
export const MAX_FAMILY = 10;
/** G20 members with an ISO code (the EU and the African Union have none). */
export const G20_COUNTRIES = ['032', '036', '076', '124', '156', '250', '276', '356', '360', '380', '392', '410', '484', '643', '682', '710', '792', '826', '840'];
export const G20_NONE = 'NONE';

export const emptyFamily = (): FamilyMember => ({ relation: '', name: '', nationality: '', birthDate: '', occupation: '', phone: '' });

export function emptyApplicantInfo(): ApplicantInfo {
  return {
    gend: '', korName: '', engName: '', firstName: '', middleName: '', lastName: '',
    engFirstName: '', engLastName: '', firstName_eng: '', lastName_eng: '',
    nationality: '', multiNationality: false, multiNationalityCode: '', birthDate: '', foreignerType: '',
    isCompatriot: false, overseasKorean: false, g20Member: false, g20Answers: [], scholarship: false,
    residentNoLast: '', passportNo: '', passportIssueDate: '', passportExpiryDate: '', passportIssueCountry: '',
    visaTypeCode: '', visaTypeEtc: '', visaNo: '', visaExpiryDate: '', visaChangeRequired: false, applyVisa: '',
    isHaveExperienceApplyVisa: false, isApplyVisaApproved: false, travelAbroad: false,
    foreignerRegistrationNo: '', alienRegistrationStatus: '',
    address: '', addressDetail: '', postCode: '', foreignAddress: '', phone: '', mobile: '', email: '',
    messengerId: '', skypeId: '', videoEssayUrl: '', hometown: '', entryDate: '', monthsOfStay: '',
    emergencyContact: { name: '', relation: '', phone: '' }, maritalStatus: '', childNum: '',
    spouse: { name: '', nationality: '', birthDate: '', occupation: '', phone: '' },
    financialGuarantor: { name: '', relation: '', occupation: '', phone: '', email: '', address: '', annualIncome: '' },
    languageSchool: { name: '', countryCode: '', enterDay: '', graduateDay: '', level: '' },
    familyList: [], residencyTypeCode: '', residencyCountryCode: '',
    overseasAgency: { name: '', agentName: '', email: '', phone: '', wechatId: '' },
  };
}

type BasisForm = { applicantInfo: ApplicantInfo };

const itemTemplate = (path: string) => (path === 'applicantInfo.familyList' ? emptyFamily() : undefined);

/** The basic-info step (BASIS_SAVE): every group of applicantInfo the round shows. */
export function BasicInfoStep() {
  const { applNo } = useApplicationForm();
  const query = useBasis(applNo);
  const email = useBasisEmail(!!query.data && !query.data.applicantInfo?.email);
  const defaultEmail = email.data?.email ?? '';
  const toForm = useCallback(
    (r: BasisResponse): BasisForm => {
      const info = mergeDraft(emptyApplicantInfo(), r.applicantInfo ?? {}, itemTemplate, 'applicantInfo');
      if (!info.email && defaultEmail) info.email = defaultEmail;
      return { applicantInfo: info };
    },
    [defaultEmail],
  );
  const save = useCallback((v: BasisForm) => saveBasis(applNo, v), [applNo]);
  const waitingEmail = !!query.data && !query.data.applicantInfo?.email && email.isPending && email.fetchStatus !== 'idle';
  if (waitingEmail) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress size={28} />
      </Box>
    );
  }
  return (
    <StepFrame query={query} toForm={toForm} save={save} itemTemplate={itemTemplate}>
      <BasicInfoFields />
    </StepFrame>
  );
}

function BasicInfoFields() {
  const { t } = useTranslation();
  const { recruit, part, codes, lang, infoItems, countries } = useApplicationForm();
  const { control, setValue } = useFormContext<BasisForm>();
  const [nationality, multi, passportNo, visaType, marital] = useWatch({
    control,
    name: ['applicantInfo.nationality', 'applicantInfo.multiNationality', 'applicantInfo.passportNo', 'applicantInfo.visaTypeCode', 'applicantInfo.maritalStatus'],
  });
  const rules = recruit.rules;
  const korean = nationality === KOREA;
  const show = (code: string) => infoItems[code]?.display !== false;
  const req = (code: string) => !!infoItems[code]?.required;
  const p = 'applicantInfo';
  const none = rules.passportNone || '0000';
  const noPassport = passportNo !== '' && passportNo === none;
  const visaNone = rules.visaNone || '00999';
  const refused = (rules.refusedNationalities ?? []).map((c) => countryName(countries.find((x) => x.code === c), lang) || c);
  const opts = (group: string) => codeOptions(codes[group], lang);

  return (
    <>
      <Section title={t('basis.personal')} testId="section-personal">
        {refused.length > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="rule-nationality">
            {t('basis.ruleNationality', { countries: refused.join(', ') })}
          </Alert>
        )}
        <Fields>
          <Cell>
            <CountryField name={`${p}.nationality`} label={t('basis.nationality')} required />
          </Cell>
          <Cell>
            <FormSelect name={`${p}.gend`} label={t('basis.gend')} options={opts('genderList')} required />
          </Cell>
          <Cell>
            <FormDate name={`${p}.birthDate`} label={t('basis.birthDate')} required />
          </Cell>
          <Cell>
            <FormCheck name={`${p}.multiNationality`} label={t('basis.multiNationality')} />
          </Cell>
          {multi && (
            <Cell>
              <CountryField name={`${p}.multiNationalityCode`} label={t('basis.multiNationalityCode')} required />
            </Cell>
          )}
        </Fields>
        <Box sx={{ mt: 2 }}>
          {korean ? (
            <Fields>
              <Cell>
                <FormText name={`${p}.korName`} label={t('basis.korName')} required helper={t('basis.korNameHelp')} />
              </Cell>
              <Cell>
                <FormText name={`${p}.engName`} label={t('basis.engName')} required helper={t('basis.engNameHelp')} />
              </Cell>
              <Cell>
                <FormText name={`${p}.lastName_eng`} label={t('basis.lastNameEng')} helper={t('basis.engOnlyHelp')} />
              </Cell>
              <Cell>
                <FormText name={`${p}.firstName_eng`} label={t('basis.firstNameEng')} helper={t('basis.engOnlyHelp')} />
              </Cell>
              <Cell>
                <FormText name={`${p}.residentNoLast`} label={t('basis.residentNoLast')} required inputMode="numeric" maxLength={7} helper={t('basis.residentNoHelp')} />
              </Cell>
            </Fields>
          ) : (
            <Fields>
              <Cell>
                <FormText name={`${p}.lastName`} label={t('basis.lastName')} required={!!nationality} helper={t('basis.nameHelp')} />
              </Cell>
              <Cell>
                <FormText name={`${p}.firstName`} label={t('basis.firstName')} required={!!nationality} helper={t('basis.nameHelp')} />
              </Cell>
              <Cell>
                <FormText name={`${p}.middleName`} label={t('basis.middleName')} helper={t('basis.middleNameHelp')} />
              </Cell>
              <Cell>
                <FormSelect name={`${p}.foreignerType`} label={t('basis.foreignerType')} options={opts('foreignerTypeList')} />
              </Cell>
              <Cell>
                <FormText name={`${p}.engLastName`} label={t('basis.engLastName')} helper={t('basis.engAlnumHelp')} />
              </Cell>
              <Cell>
                <FormText name={`${p}.engFirstName`} label={t('basis.engFirstName')} helper={t('basis.engAlnumHelp')} />
              </Cell>
              <Cell>
                <FormCheck name={`${p}.isCompatriot`} label={t('basis.isCompatriot')} />
              </Cell>
              <Cell>
                <FormCheck name={`${p}.overseasKorean`} label={t('basis.overseasKorean')} />
              </Cell>
            </Fields>
          )}
        </Box>
      </Section>

      {(show('passport') || (!korean && !!nationality)) && (
        <Section title={t('basis.passport')} testId="section-passport">
          <Fields>
            <Cell>
              <FormText
                name={`${p}.passportNo`}
                label={t('basis.passportNo')}
                required={(!korean && !!nationality) || req('passport')}
                helper={t('basis.passportNoneHelp', { none })}
                disabled={noPassport}
              />
            </Cell>
            <Cell>
              <NoneCheck
                checked={noPassport}
                label={t('basis.noPassport', { none })}
                testId="no-passport"
                onChange={(on) => {
                  setValue(`${p}.passportNo`, on ? none : '', { shouldDirty: true });
                  if (on) {
                    setValue(`${p}.passportIssueDate`, '', { shouldDirty: true });
                    setValue(`${p}.passportExpiryDate`, '', { shouldDirty: true });
                    setValue(`${p}.passportIssueCountry`, '', { shouldDirty: true });
                  }
                }}
              />
            </Cell>
            {!noPassport && (
              <>
                <Cell>
                  <FormDate name={`${p}.passportIssueDate`} label={t('basis.passportIssueDate')} />
                </Cell>
                <Cell>
                  <FormDate name={`${p}.passportExpiryDate`} label={t('basis.passportExpiryDate')} helper={t('basis.passportExpiryHelp')} />
                </Cell>
                <Cell>
                  <CountryField name={`${p}.passportIssueCountry`} label={t('basis.passportIssueCountry')} />
                </Cell>
              </>
            )}
          </Fields>
        </Section>
      )}

      {(show('visa') || (!korean && !!nationality)) && (
        <Section title={t('basis.visa')} testId="section-visa">
          <Fields>
            <Cell>
              <FormSelect
                name={`${p}.visaTypeCode`}
                label={t('basis.visaTypeCode')}
                options={opts('visaTypeList')}
                required={(!korean && !!nationality) || req('visa')}
                helper={t('basis.visaNoneHelp', { none: codeOptions(codes.visaTypeList, lang).find((o) => o.value === visaNone)?.label ?? 'None' })}
              />
            </Cell>
            {visaType === '00099' && (
              <Cell>
                <FormText name={`${p}.visaTypeEtc`} label={t('basis.visaTypeEtc')} required />
              </Cell>
            )}
            {visaType !== visaNone && (
              <>
                <Cell>
                  <FormText name={`${p}.visaNo`} label={t('basis.visaNo')} />
                </Cell>
                <Cell>
                  <FormDate name={`${p}.visaExpiryDate`} label={t('basis.visaExpiryDate')} />
                </Cell>
              </>
            )}
            <Cell>
              <FormText name={`${p}.applyVisa`} label={t('basis.applyVisa')} />
            </Cell>
            <Cell full>
              <FormGroup row>
                <FormCheck name={`${p}.visaChangeRequired`} label={t('basis.visaChangeRequired')} />
                <FormCheck name={`${p}.isHaveExperienceApplyVisa`} label={t('basis.isHaveExperienceApplyVisa')} />
                <FormCheck name={`${p}.isApplyVisaApproved`} label={t('basis.isApplyVisaApproved')} />
                <FormCheck name={`${p}.travelAbroad`} label={t('basis.travelAbroad')} />
              </FormGroup>
            </Cell>
          </Fields>
        </Section>
      )}

      {show('alienRegistration') && (
        <Section title={t('basis.alienRegistration')} testId="section-alien">
          <Fields>
            <Cell>
              <FormText name={`${p}.foreignerRegistrationNo`} label={t('basis.foreignerRegistrationNo')} inputMode="numeric" maxLength={13} helper={t('basis.alienNoHelp')} required={req('alienRegistration')} />
            </Cell>
            <Cell>
              <FormSelect name={`${p}.alienRegistrationStatus`} label={t('basis.alienRegistrationStatus')} options={opts('alienRegStsList')} required={req('alienRegistration')} />
            </Cell>
          </Fields>
        </Section>
      )}

      <Section title={t('basis.contact')} testId="section-contact">
        <Fields>
          <PostcodeField prefix={p} />
          <Cell full>
            <FormText name={`${p}.foreignAddress`} label={t('basis.foreignAddress')} />
          </Cell>
          <Cell>
            <FormText name={`${p}.mobile`} label={t('basis.mobile')} inputMode="tel" helper={t('basis.phoneHelp')} required />
          </Cell>
          <Cell>
            <FormText name={`${p}.phone`} label={t('basis.phone')} inputMode="tel" />
          </Cell>
          <Cell>
            <FormText name={`${p}.email`} label={t('basis.email')} type="email" required />
          </Cell>
          {show('messenger') && (
            <>
              <Cell>
                <FormText name={`${p}.messengerId`} label={t('basis.messengerId')} required={req('messenger')} />
              </Cell>
              <Cell>
                <FormText name={`${p}.skypeId`} label={t('basis.skypeId')} />
              </Cell>
            </>
          )}
          {show('hometown') && (
            <Cell>
              <FormText name={`${p}.hometown`} label={t('basis.hometown')} required={req('hometown')} />
            </Cell>
          )}
          {show('stay') && (
            <>
              <Cell>
                <FormDate name={`${p}.entryDate`} label={t('basis.entryDate')} required={req('stay')} />
              </Cell>
              <Cell>
                <FormText name={`${p}.monthsOfStay`} label={t('basis.monthsOfStay')} inputMode="numeric" required={req('stay')} helper={t('form.digitsHelp')} />
              </Cell>
            </>
          )}
        </Fields>
      </Section>

      {part?.videoEssay && (
        <Section title={t('basis.videoEssay')} testId="section-video">
          <Alert severity="info" sx={{ mb: 2 }} data-testid="video-requirements">
            {t('basis.videoEssayIntro')}
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {(rules.videoEssayRequirements ?? []).map((r) => (
                <li key={r.code}>{lang === 'en' ? r.en : r.ko}</li>
              ))}
            </Box>
          </Alert>
          <FormText name={`${p}.videoEssayUrl`} label={t('basis.videoEssayUrl')} type="url" required placeholder="https://" />
        </Section>
      )}

      {show('emergencyContact') && (
        <Section title={t('basis.emergencyContact')} testId="section-emergency">
          <Fields>
            <Cell>
              <FormText name={`${p}.emergencyContact.name`} label={t('basis.contactName')} required={req('emergencyContact')} />
            </Cell>
            <Cell>
              <FormText name={`${p}.emergencyContact.relation`} label={t('basis.relation')} required={req('emergencyContact')} />
            </Cell>
            <Cell>
              <FormText name={`${p}.emergencyContact.phone`} label={t('basis.phone')} inputMode="tel" required={req('emergencyContact')} />
            </Cell>
          </Fields>
        </Section>
      )}

      {(show('marital') || show('spouse')) && (
        <Section title={t('basis.marital')} testId="section-marital">
          <Fields>
            {show('marital') && (
              <>
                <Cell>
                  <FormSelect name={`${p}.maritalStatus`} label={t('basis.maritalStatus')} options={opts('maritalStsList')} required={req('marital')} />
                </Cell>
                <Cell>
                  <FormText name={`${p}.childNum`} label={t('basis.childNum')} inputMode="numeric" helper={t('form.digitsHelp')} />
                </Cell>
              </>
            )}
            {show('spouse') && (marital === '00002' || req('spouse')) && (
              <>
                <Cell>
                  <FormText name={`${p}.spouse.name`} label={t('basis.spouseName')} required={req('spouse')} />
                </Cell>
                <Cell>
                  <CountryField name={`${p}.spouse.nationality`} label={t('basis.nationality')} />
                </Cell>
                <Cell>
                  <FormDate name={`${p}.spouse.birthDate`} label={t('basis.birthDate')} />
                </Cell>
                <Cell>
                  <FormText name={`${p}.spouse.occupation`} label={t('basis.occupation')} />
                </Cell>
                <Cell>
                  <FormText name={`${p}.spouse.phone`} label={t('basis.phone')} inputMode="tel" />
                </Cell>
              </>
            )}
          </Fields>
        </Section>
      )}

      {show('familyList') && <FamilySection required={req('familyList')} />}

      {show('financialGuarantor') && (
        <Section title={t('basis.financialGuarantor')} testId="section-guarantor">
          <Fields>
            <Cell>
              <FormText name={`${p}.financialGuarantor.name`} label={t('basis.contactName')} required={req('financialGuarantor')} />
            </Cell>
            <Cell>
              <FormText name={`${p}.financialGuarantor.relation`} label={t('basis.relation')} required={req('financialGuarantor')} />
            </Cell>
            <Cell>
              <FormText name={`${p}.financialGuarantor.occupation`} label={t('basis.occupation')} />
            </Cell>
            <Cell>
              <FormText name={`${p}.financialGuarantor.phone`} label={t('basis.phone')} inputMode="tel" required={req('financialGuarantor')} />
            </Cell>
            <Cell>
              <FormText name={`${p}.financialGuarantor.email`} label={t('basis.email')} type="email" />
            </Cell>
            <Cell>
              <FormText name={`${p}.financialGuarantor.annualIncome`} label={t('basis.annualIncome')} />
            </Cell>
            <Cell full>
              <FormText name={`${p}.financialGuarantor.address`} label={t('basis.address')} />
            </Cell>
          </Fields>
        </Section>
      )}

      {show('languageSchool') && (
        <Section title={t('basis.languageSchool')} testId="section-language-school">
          <Fields>
            <Cell>
              <FormText name={`${p}.languageSchool.name`} label={t('basis.languageSchoolName')} required={req('languageSchool')} />
            </Cell>
            <Cell>
              <CountryField name={`${p}.languageSchool.countryCode`} label={t('basis.country')} />
            </Cell>
            <Cell>
              <FormDate name={`${p}.languageSchool.enterDay`} label={t('basis.enterDay')} />
            </Cell>
            <Cell>
              <FormDate name={`${p}.languageSchool.graduateDay`} label={t('basis.graduateDay')} />
            </Cell>
            <Cell>
              <FormText name={`${p}.languageSchool.level`} label={t('basis.level')} />
            </Cell>
          </Fields>
        </Section>
      )}

      {show('residency') && (
        <Section title={t('basis.residency')} testId="section-residency">
          <Fields>
            <Cell>
              <FormSelect name={`${p}.residencyTypeCode`} label={t('basis.residencyTypeCode')} options={opts('residencyTypeList')} required={req('residency')} />
            </Cell>
            <Cell>
              <CountryField name={`${p}.residencyCountryCode`} label={t('basis.residencyCountryCode')} required={req('residency')} />
            </Cell>
          </Fields>
        </Section>
      )}

      {show('overseasAgency') && (
        <Section title={t('basis.overseasAgency')} testId="section-agency">
          <Fields>
            <Cell>
              <FormText name={`${p}.overseasAgency.name`} label={t('basis.agencyName')} required={req('overseasAgency')} />
            </Cell>
            <Cell>
              <FormText name={`${p}.overseasAgency.agentName`} label={t('basis.agentName')} required={req('overseasAgency')} />
            </Cell>
            <Cell>
              <FormText name={`${p}.overseasAgency.email`} label={t('basis.email')} type="email" required={req('overseasAgency')} />
            </Cell>
            <Cell>
              <FormText name={`${p}.overseasAgency.phone`} label={t('basis.phone')} inputMode="tel" />
            </Cell>
            <Cell>
              <FormText name={`${p}.overseasAgency.wechatId`} label={t('basis.wechatId')} />
            </Cell>
          </Fields>
        </Section>
      )}

      {(show('g20') || rules.g20Required || show('scholarship')) && (
        <Section title={t('basis.other')} testId="section-other">
          {(show('g20') || rules.g20Required) && <G20Question required={rules.g20Required || req('g20')} />}
          {show('scholarship') && <FormCheck name={`${p}.scholarship`} label={t('basis.scholarship')} />}
        </Section>
      )}
    </>
  );
}

function NoneCheck({ checked, label, onChange, testId }: { checked: boolean; label: string; onChange: (on: boolean) => void; testId: string }) {
  const { readOnly } = useApplicationForm();
  return (
    <FormControlLabel
      label={label}
      disabled={readOnly}
      control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} slotProps={{ input: { 'data-testid': testId } as object }} />}
    />
  );
}

function FamilySection({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<BasisForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'applicantInfo.familyList' });
  const { codes, lang } = useApplicationForm();
  return (
    <Section
      title={`${t('basis.familyList')}${required ? ' *' : ''}`}
      testId="section-family"
      action={<AddButton onClick={() => append(emptyFamily())} testId="family-add" label={t('basis.addFamily')} disabled={fields.length >= MAX_FAMILY} />}
    >
      <ListError name="applicantInfo.familyList" />
      {fields.map((f, i) => {
        const b = `applicantInfo.familyList.${i}`;
        return (
          <RepeatCard key={f.id} title={t('basis.familyMember', { n: i + 1 })} onRemove={() => remove(i)} removeTestId={`family-remove-${i}`}>
            <Fields>
              <Cell>
                <FormSelect name={`${b}.relation`} label={t('basis.relation')} options={codeOptions(codes.relationList, lang)} />
              </Cell>
              <Cell>
                <FormText name={`${b}.name`} label={t('basis.contactName')} />
              </Cell>
              <Cell>
                <CountryField name={`${b}.nationality`} label={t('basis.nationality')} />
              </Cell>
              <Cell>
                <FormDate name={`${b}.birthDate`} label={t('basis.birthDate')} />
              </Cell>
              <Cell>
                <FormText name={`${b}.occupation`} label={t('basis.occupation')} />
              </Cell>
              <Cell>
                <FormText name={`${b}.phone`} label={t('basis.phone')} inputMode="tel" />
              </Cell>
            </Fields>
          </RepeatCard>
        );
      })}
    </Section>
  );
}

function G20Question({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const { countries, lang, readOnly } = useApplicationForm();
  const { control } = useFormContext<BasisForm>();
  const name = 'applicantInfo.g20Answers';
  const { field } = useController({ control, name });
  const { message, clear } = useFieldError(name);
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  const options = useMemo(
    () => [
      ...G20_COUNTRIES.map((code) => ({ code, label: countryName(countries.find((c) => c.code === code), lang) || code })),
      { code: G20_NONE, label: t('basis.g20None') },
    ],
    [countries, lang, t],
  );
  const toggle = (code: string, on: boolean) => {
    let next = on ? [...value.filter((v) => v !== code), code] : value.filter((v) => v !== code);
    if (on && code === G20_NONE) next = [G20_NONE];
    else if (on) next = next.filter((v) => v !== G20_NONE);
    field.onChange(next);
    clear();
  };
  return (
    <FormControl component="fieldset" error={!!message} sx={{ mb: 2 }} data-error-anchor={name} tabIndex={-1}>
      <FormLabel component="legend" required={required}>
        {t('basis.g20Question')}
      </FormLabel>
      <FormCheck name="applicantInfo.g20Member" label={t('basis.g20Member')} />
      <FormGroup row>
        {options.map((o) => (
          <FormControlLabel
            key={o.code}
            label={o.label}
            disabled={readOnly}
            control={
              <Checkbox
                size="small"
                checked={value.includes(o.code)}
                onChange={(e) => toggle(o.code, e.target.checked)}
                slotProps={{ input: { name: `${name}.${o.code}`, 'data-testid': `g20-${o.code}` } as object }}
              />
            }
          />
        ))}
      </FormGroup>
      {message && <FormHelperText data-testid={`${name}-helper`}>{message}</FormHelperText>}
    </FormControl>
  );
}

import { useFormContext, useWatch } from 'react-hook-form';
import type { FormRules } from '@/lib/form-rules';
import { useApplicationForm } from '../../form-context';
import type { InfoSections } from '../../../api/get-basis';
import { originOf, shownSections } from './sections';
import { type BasisForm } from './empty-info';
import { PersonalSection } from './personal-section';
import { PassportSection } from './passport-section';
import { VisaSection } from './visa-section';
import { AlienSection } from './alien-section';
import { ContactSection } from './contact-section';
import { VideoEssaySection } from './video-essay-section';
import { EmergencySection } from './emergency-section';
import { MaritalSection } from './marital-section';
import { FamilySection } from './family-section';
import { GuarantorSection } from './guarantor-section';
import { LanguageSchoolSection } from './language-school-section';
import { ResidencySection } from './residency-section';
import { AgencySection } from './agency-section';
import { OtherSection } from './other-section';

/**
 * The sections of basic info the server shows for the nationality in the
 * form (none chosen, Korean, foreign), each required as the server requires it.
 */
export function BasicInfoFields({ sections, rules }: { sections: InfoSections | undefined; rules: FormRules }) {
  const { recruit, part } = useApplicationForm();
  const { control } = useFormContext<BasisForm>();
  const [nationality, multi, passportNo, visaType, marital] = useWatch({
    control,
    name: ['applicantInfo.nationality', 'applicantInfo.multiNationality', 'applicantInfo.passportNo', 'applicantInfo.visaTypeCode', 'applicantInfo.maritalStatus'],
  });
  const origin = originOf(nationality, rules.koreaCode);
  const shown = shownSections(sections, origin);
  const { show, required: req } = shown;
  return (
    <>
      <PersonalSection origin={origin} multi={multi} />
      {show('passport') && <PassportSection required={req('passport')} none={recruit.rules.passportNone || rules.passportNone} passportNo={passportNo} />}
      {show('visa') && <VisaSection required={req('visa')} none={recruit.rules.visaNone || rules.visaNone} other={rules.visaOther} visaType={visaType} />}
      {show('alienRegistration') && <AlienSection required={req('alienRegistration')} />}
      <ContactSection sections={shown} />
      {part?.videoEssay && <VideoEssaySection streamingHosts={rules.videoEssay.streamingHosts} />}
      {show('emergencyContact') && <EmergencySection required={req('emergencyContact')} />}
      {(show('marital') || show('spouse')) && <MaritalSection sections={shown} marital={marital} />}
      {show('familyList') && <FamilySection required={req('familyList')} max={rules.maxFamily} />}
      {show('financialGuarantor') && <GuarantorSection required={req('financialGuarantor')} />}
      {show('languageSchool') && <LanguageSchoolSection required={req('languageSchool')} />}
      {show('residency') && <ResidencySection required={req('residency')} />}
      {show('overseasAgency') && <AgencySection required={req('overseasAgency')} />}
      {(show('g20') || show('scholarship')) && <OtherSection sections={shown} rules={rules} />}
    </>
  );
}

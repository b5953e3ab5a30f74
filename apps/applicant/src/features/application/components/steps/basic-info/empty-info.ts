import type { ApplicantInfo, FamilyMember } from '../../../api/get-basis';

export type BasisForm = { applicantInfo: ApplicantInfo };

/** The path prefix of every field of the step. */
export const P = 'applicantInfo';

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

export const itemTemplate = (path: string) => (path === 'applicantInfo.familyList' ? emptyFamily() : undefined);

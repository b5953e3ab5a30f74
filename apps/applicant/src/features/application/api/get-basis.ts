import { api } from '@/lib/api-client';
import type { StepResponse } from '../types';
import { useStepQuery } from './step-query';

export type FamilyMember = { relation: string; name: string; nationality: string; birthDate: string; occupation: string; phone: string };

/** applicantInfo of spec section 3 "Basic info" (docs/api-apply.md). */
export type ApplicantInfo = {
  gend: string;
  korName: string; engName: string;
  firstName: string; middleName: string; lastName: string;
  engFirstName: string; engLastName: string; firstName_eng: string; lastName_eng: string;
  nationality: string; multiNationality: boolean; multiNationalityCode: string;
  birthDate: string; foreignerType: string; isCompatriot: boolean; overseasKorean: boolean;
  g20Member: boolean; g20Answers: string[]; scholarship: boolean;
  residentNoLast: string;
  passportNo: string; passportIssueDate: string; passportExpiryDate: string; passportIssueCountry: string;
  visaTypeCode: string; visaTypeEtc: string; visaNo: string; visaExpiryDate: string;
  visaChangeRequired: boolean; applyVisa: string; isHaveExperienceApplyVisa: boolean; isApplyVisaApproved: boolean; travelAbroad: boolean;
  foreignerRegistrationNo: string; alienRegistrationStatus: string;
  address: string; addressDetail: string; postCode: string; foreignAddress: string;
  phone: string; mobile: string; email: string; messengerId: string; skypeId: string; videoEssayUrl: string;
  hometown: string; entryDate: string; monthsOfStay: string;
  emergencyContact: { name: string; relation: string; phone: string };
  maritalStatus: string; childNum: string;
  spouse: { name: string; nationality: string; birthDate: string; occupation: string; phone: string };
  financialGuarantor: { name: string; relation: string; occupation: string; phone: string; email: string; address: string; annualIncome: string };
  languageSchool: { name: string; countryCode: string; enterDay: string; graduateDay: string; level: string };
  familyList: FamilyMember[];
  residencyTypeCode: string; residencyCountryCode: string;
  overseasAgency: { name: string; agentName: string; email: string; phone: string; wechatId: string };
};

/** A group of applicantInfo shown to the applicant (core's one rule, docs/api-apply.md). */
export type InfoSection = { code: string; required: boolean };

/** Whether a nationality is chosen, and whether it is the server's Korea code. */
export type Origin = 'none' | 'korean' | 'foreign';

/** The sections shown for each origin of the nationality the applicant may choose. */
export type InfoSections = Record<Origin, InfoSection[]>;

export type BasisResponse = StepResponse & { applicantInfo: ApplicantInfo; sections?: InfoSections };

export function getBasis(applNo: number): Promise<BasisResponse> {
  return api.get<BasisResponse>(`/apply/api-auth/appl/basis/${applNo}`);
}

export function useBasis(applNo: number) {
  return useStepQuery(applNo, 'BASIS_SAVE', getBasis);
}

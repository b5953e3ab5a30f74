/** Shapes of docs/api-apply.md used by the application feature. */
import type { SurveyQuestion } from '@/types/survey';

export type Code = { code: string; korValue: string; engValue: string; seq?: number };
export type Country = { code: string; korName: string; engName: string };
export type University = { schoolCode: string; korName: string; engName: string; countryCode: string };

export type RoundKey = { schoolCode: string; enterYear: number; recruitPartSeq: number };

export type Window = { type: string; start: string; end: string; open: boolean };

export type RecruitPart = {
  applPartNo: number;
  majorCode: string;
  majorKorName: string;
  majorEngName: string;
  isMaster: boolean;
  partDetailRemkKor: string;
  partDetailRemkEng: string;
  partAddCertificateCount: number;
  videoEssay: boolean;
};

export type LanguageExam = { code: string; korName: string; engName: string; inputType: 'score' | 'level' | 'docNo'; maxScore: number };
export type EssayQuestion = { no: number; words: number; chars: number; korQuestion: string; engQuestion: string };
export type Consent = { code: string; titleKo: string; titleEn: string; bodyKo: string; bodyEn: string; version: string };

export type { SurveyItem, SurveyQuestion } from '@/types/survey';

export type LocalisedText = { code: string; ko: string; en: string };

export type RecruitRules = {
  refusedNationalities: string[] | null;
  passportNone: string;
  visaNone: string;
  g20Required: boolean;
  languageRequired: boolean;
  isEtcDocumentUploadable: boolean;
  textLimits: Record<string, number> | null;
  videoEssayRequirements?: LocalisedText[] | null;
};

export type Recruit = RoundKey & {
  korName: string;
  engName: string;
  schoolKorName: string;
  schoolEngName: string;
  color: string;
  feeKrw: number;
  feeUsd: number;
  steps: string[];
  windows: Window[] | null;
  submitOpen: boolean;
  parts: RecruitPart[] | null;
  categories: Code[] | null;
  stayTypes: Code[] | null;
  languageExams: LanguageExam[] | null;
  essays: EssayQuestion[] | null;
  consents: Consent[] | null;
  partSurvey: SurveyQuestion[] | null;
  rules: RecruitRules;
};

export type SchoolComm = RoundKey & { korName: string; engName: string };

/** The application record (spec section 3), as GET /appl/info answers it. */
export type ApplicationRecord = {
  applNo: number;
  id: number;
  userId: string;
  applicantName: string;
  applId: string | null;
  status: string;
  reviewStatus: string | null;
  isApplReviewing: boolean;
  schoolComm: SchoolComm;
  roundKorName?: string;
  roundEngName?: string;
  majorCode: string;
  majorKorName?: string;
  majorEngName?: string;
  isMaster: boolean;
  isGeneralType: boolean;
  stayTypeCode: string;
  categoryCode: string;
  applPartlabel: { kor: string; eng: string };
  additionalCertificateCount: number;
  steps: string[];
  savedSteps: string[];
  nextStep: string | null;
  actions: string[];
  submitOpen: boolean;
};

export type Draft = { data: unknown; savedAt: string | null } | null;

/** Every step GET answers the record plus its data and the draft. */
export type StepResponse = ApplicationRecord & { draft?: Draft };

export type ApplicationMode = 'edit' | 'view' | 'review';

export type InfoItem = { itemCode: string; display: boolean; required: boolean };
export type InfoSettings = { items: InfoItem[] | null };

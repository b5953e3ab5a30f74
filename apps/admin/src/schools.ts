/** A school as the admin API lists it (GET /schools: the schools the caller manages). */
export interface School {
    id: string;
    korName: string;
    engName: string;
}

/** The steps after APPL_PART_SAVE, in their fixed order (core/application OptionalSteps). */
export const STEPS = ['BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'CAREER_SAVE', 'ADD_INFO_SAVE', 'FILE_SAVE', 'SURVEY'] as const;
/** The steps a round's own list keeps (the server checks it: round.steps_mandatory). */
export const MANDATORY_STEPS: readonly string[] = ['BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'FILE_SAVE'];

/** A major of a school. */
export interface Major {
    Code: string;
    KorName: string;
    EngName: string;
}

/** One school's settings (GET /schools/{code}): its page, its steps and the variants of spec section 1. */
export interface SchoolDetail extends School {
    schoolCode: string;
    slug: string;
    color: string;
    logoUrl: string;
    contactEmail: string;
    contactPhone: string;
    steps: string[];
    refusedNationalities: string[];
    passportNone: string;
    visaNone: string;
    isEtcDocumentUploadable: boolean;
    videoEssayMajors: string[];
    majors: Major[];
}

/** A school's (or a round's) name in the reader's language, the Korean one when there is no English. */
export const localName = (r: { korName: string; engName: string }, locale: string) => (locale === 'en' ? r.engName || r.korName : r.korName);

import type { DataProvider } from 'react-admin';
import { ADMIN_API, seg, type Api } from '../api';

/** A round as the applicant site lists a school's rounds (GET /apply/api/recruit/list). */
export interface SchoolRound {
    schoolCode: string;
    enterYear: number;
    recruitPartSeq: number;
    korName: string;
    engName: string;
    feeKrw: number;
    feeUsd: number;
    steps: string[];
    windows: Array<{ type: string; start: string; end: string; open: boolean }>;
}

/** Whether a basic-info item is shown and required in a round. */
export interface InfoItem {
    itemCode: string;
    display: boolean;
    required: boolean;
}

export interface TemplateOption {
    code: string;
    kor: string;
    eng: string;
}

export interface TemplateQuestion {
    code: string;
    kind?: string;
    kor?: string;
    eng?: string;
    options?: string[];
    labels?: TemplateOption[];
    max?: number;
}

/** A round's recommendation letter template (issue 11). */
export interface LetterTemplate {
    schoolCode: string;
    enterYear: number;
    recruitPartSeq: number;
    version: number;
    letters: number;
    fileRequired: boolean;
    questions: TemplateQuestion[];
}

/** A letter requested for an application. */
export interface Letter {
    reqNo: number;
    profName: string;
    email: string;
    institution: string;
    status: string;
    createdAt: string;
    openedAt: string | null;
    submittedAt: string | null;
    pdfPath?: string;
    filePath?: string;
    fileName: string;
}

export interface RoundOfSchool {
    schoolCode: string;
    enterYear: number | string;
    recruitPartSeq: number | string;
}

/** The round settings and recommendation pages' calls (issues 11 and 12), reached through useDataProvider. */
export const pageMethods = (api: Api) => ({
    /** A school's rounds as applicants see them. */
    getSchoolRounds: (schoolCode: string) => api.get<SchoolRound[]>(`/apply/api/recruit/list?schoolCode=${encodeURIComponent(schoolCode)}`),
    getRoundInfoItems: async (r: RoundOfSchool): Promise<InfoItem[]> =>
        (await api.get<{ items?: InfoItem[] }>(`${ADMIN_API}/recruit-part/inquiry/${seg(r.schoolCode)}/${r.enterYear}/${r.recruitPartSeq}/0`)).items ?? [],
    getLetterTemplate: (r: RoundOfSchool) =>
        api.get<LetterTemplate>(`${ADMIN_API}/recommend/template?schoolCode=${encodeURIComponent(r.schoolCode)}&enterYear=${r.enterYear}&recruitPartSeq=${r.recruitPartSeq}`),
    /** Saves a template; one letters were opened on becomes a new version. */
    saveLetterTemplate: (t: LetterTemplate) => api.put<LetterTemplate>(`${ADMIN_API}/recommend/template`, t),
    /** The letters of one application (the PDF and file reads are access-logged by the server). */
    getLetters: async (applNo: string) => (await api.get<{ list: Letter[] }>(`${ADMIN_API}/recommend/letters/${seg(applNo)}`)).list,
    /** Support's cancel of an opened letter request, with a reason mailed to both sides. */
    cancelLetter: (reqNo: number, reason: string) => api.post<unknown>(`${ADMIN_API}/recommend/cancel/${reqNo}`, { reason }),
});

export type PagesDataProvider = DataProvider & ReturnType<typeof pageMethods>;

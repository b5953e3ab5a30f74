import type { DataProvider } from 'react-admin';
import { ADMIN_API, seg, type Api, type Progress } from '../../api';
import type { ReaderSection } from '../../components/ReaderSections';

/** One criterion of a round's rubric (docs/officers.md "Rubric"). */
export interface Criterion {
    key: string;
    nameKo: string;
    nameEn: string;
    weight: number;
    min: number;
    max: number;
}

/** A round's rubric: locked once a sheet of the round is submitted. */
export interface Rubric {
    id: string;
    criteria: Criterion[];
    locked: boolean;
    updatedBy: string;
    updatedAt: string;
}

/** A reviewer of the round's school (its name is its user id). */
export interface Reviewer {
    id: string;
    userId: string;
    email: string;
}

/** One reviewer's line of a score row: the total once submitted. */
export interface Review {
    reviewer: string;
    submitted: boolean;
    total: number | null;
}

/** A row of the score table: an application with at least one sheet. */
export interface ScoreRow {
    id: number;
    applNo: number;
    applId: string;
    applicantName: string;
    status: string;
    reviews: Review[];
    submitted: number;
    mean: number | null;
    spread: number | null;
}

/** The columns the score table sorts by (core/evaluation TableSorts). */
export const SCORE_SORTS = ['applNo', 'applId', 'applicantName', 'submitted', 'mean', 'spread'] as const;
export type ScoreSort = (typeof SCORE_SORTS)[number];
export interface Sorting {
    field: ScoreSort;
    order: 'ASC' | 'DESC';
}

/** One of the calling reviewer's assignments. */
export interface Assignment {
    id: number;
    applNo: number;
    roundId: string;
    schoolCode: string;
    enterYear: number;
    recruitPartSeq: number;
    applId: string;
    applicantName: string;
    submitted: boolean;
}

/** A score sheet as the caller may read it (another's draft: no scores). */
export interface Sheet {
    applNo: number;
    reviewer: string;
    scores: Record<string, number>;
    comment: string;
    submitted: boolean;
    submittedAt: string | null;
    total: number | null;
}

/** The application as its reviewer reads it (GET /reviews/{applNo}). */
export interface AssignedApplication {
    applNo: number;
    applId: string | null;
    applicantName: string;
    status: string;
    roundKorName: string;
    roundEngName: string;
    majorKorName: string;
    majorEngName: string;
    isMaster: boolean;
    applicantInfo: { korName?: string; engName?: string; firstName?: string; lastName?: string; nationality?: string; birthDate?: string } | null;
    acadList: { acadType: string; searchSchoolName: string; college: string; major: string; department: string; enterDay: string; graduateDay: string; gpa: string; fullScore: string }[];
    langList: { langExamCode: string; score: string; level: string; examDay: string }[];
    careerList: { companyName: string; department: string; position: string; joinDay: string; retireDay: string; description: string }[];
    certificateList: { category: string; description: string; institution: string; issueDay: string }[];
    essayList: { no: number; lang: string; text: string }[];
}

/** What the public round page says of the exams and essay questions an application answers. */
export interface RoundOffer {
    languageExams?: { code: string; korName: string; engName: string }[];
    essays?: { no: number; korQuestion: string; engQuestion: string }[];
}

const round = (roundId: string) => `${ADMIN_API}/eval-rounds/${seg(roundId)}`;
const sortParam = (s: Sorting) => `sort=${encodeURIComponent(JSON.stringify([s.field, s.order]))}`;

/**
 * The evaluation pages' calls (issue 23 item 2, adapters/httpapi/officers):
 * staff set a round's rubric, assign reviewers and read the score table;
 * a reviewer reads and scores what it is assigned. Unassigning is the
 * REST delete of `assignments/{applNo}` with the reviewer as id.
 */
export const evaluationMethods = (api: Api) => ({
    getEvalRubric: (roundId: string) => api.get<Rubric>(`${round(roundId)}/rubric`),
    setEvalRubric: (roundId: string, criteria: Criterion[]) => api.put<Rubric>(`${round(roundId)}/rubric`, { criteria }),
    getEvalReviewers: (roundId: string) => api.get<Reviewer[]>(`${round(roundId)}/reviewers`),
    getEvalScores: (roundId: string, sort: Sorting) => api.get<ScoreRow[]>(`${round(roundId)}/scores?${sortParam(sort)}`),
    assignEval: (roundId: string, applNos: number[], reviewers: string[]) =>
        api.post<{ added: number }>(`${round(roundId)}/assignments`, { applNos, reviewers }),
    assignEvalEvenly: (roundId: string, reviewers: string[], perApplication: number) =>
        api.post<{ added: number }>(`${round(roundId)}/assignments/even`, { reviewers, perApplication }),
    /** The score table as sorted, a workbook or CSV with headings in the reader's language. */
    exportEvalScores: (roundId: string, format: 'xlsx' | 'csv', sort: Sorting, onProgress: (p: Progress) => void) =>
        api.download(`${ADMIN_API}/exports/scores/${seg(roundId)}?format=${format}&${sortParam(sort)}`, onProgress),
    getMyReviews: () => api.get<Assignment[]>(`${ADMIN_API}/reviews`),
    getReviewRubric: (roundId: string) => api.get<Rubric>(`${ADMIN_API}/reviews/rounds/${seg(roundId)}/rubric`),
    getReviewApplication: (applNo: number) => api.get<AssignedApplication>(`${ADMIN_API}/reviews/${seg(applNo)}`),
    /** The whole application as the reader shows it, as an assigned reviewer may read it (no consents, no e-mail). */
    getReviewReader: (applNo: number) => api.get<{ sections: ReaderSection[] }>(`${ADMIN_API}/applications/${seg(applNo)}/reader`),
    /** The round's public page (names of its language exams, its essay questions). */
    getRoundOffer: (a: { schoolCode: string; enterYear: number; recruitPartSeq: number }) =>
        api.get<RoundOffer>(`/apply/api/recruit?schoolCode=${seg(a.schoolCode)}&enterYear=${a.enterYear}&partSeq=${a.recruitPartSeq}`),
    getReviewSheets: (applNo: number) => api.get<Sheet[]>(`${ADMIN_API}/reviews/${seg(applNo)}/sheets`),
    saveReviewSheet: (applNo: number, scores: Record<string, number>, comment: string) =>
        api.put<Sheet>(`${ADMIN_API}/reviews/${seg(applNo)}/sheet`, { scores, comment }),
    submitReviewSheet: (applNo: number) => api.post<Sheet>(`${ADMIN_API}/reviews/${seg(applNo)}/submit`),
});

export type EvaluationDataProvider = DataProvider & ReturnType<typeof evaluationMethods>;

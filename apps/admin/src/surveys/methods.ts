import type { DataProvider } from 'react-admin';
import { ADMIN_API, seg, type Api } from '../api';
import type { SurveyItem, SurveyQuestion } from './QuestionsInput';

export const STAGES = ['SURVEY', 'PART'] as const;
export type Stage = (typeof STAGES)[number];

/** A school's application survey questions of one stage. */
export interface QuestionsBody {
    schoolCode: string;
    stage: string;
    questions: SurveyQuestion[];
    /** codes kept for the answers they have, no longer asked */
    retired: string[];
}

export interface ItemCount extends SurveyItem {
    count: number;
    comments: string[];
}

/** A site survey's results: counts per item with their comments, and the free texts. */
export interface SurveyResultsData {
    id: number;
    titleKo: string;
    titleEn: string;
    total: number;
    results: Array<SurveyQuestion & { counts: ItemCount[]; texts: string[] }>;
}

/** The survey pages' calls beyond REST (issues 12 and 14), reached through useDataProvider. */
export const surveyMethods = (api: Api) => {
    const questions = (schoolCode: string, stage: string) => `${ADMIN_API}/schools/${seg(schoolCode)}/survey-questions/${stage}`;
    return {
        getSurveyQuestions: (schoolCode: string, stage: string) => api.get<QuestionsBody>(questions(schoolCode, stage)),
        saveSurveyQuestions: (schoolCode: string, stage: string, list: SurveyQuestion[]) =>
            api.put<QuestionsBody>(questions(schoolCode, stage), { questions: list }),
        getSurveyResults: (id: string) => api.get<SurveyResultsData>(`${ADMIN_API}/surveys/${seg(id)}/results`),
    };
};

/** The results as a CSV file: a download link, not a data call. */
export const surveyExportUrl = (id: string) => `${ADMIN_API}/surveys/${seg(id)}/export`;

export type SurveysDataProvider = DataProvider & ReturnType<typeof surveyMethods>;

import { seg, type Api } from '../api';
import type { School } from '../schools';

/** A round as a picker offers it: its key and its names. */
export interface RoundChoice {
    id: string;
    schoolCode: string;
    enterYear: number;
    recruitPartSeq: number;
    korName: string;
    engName: string;
}

/** A country as the public reference list has it. */
export interface Country {
    code: string;
    korName: string;
    engName: string;
}

interface PublicSchool {
    schoolCode: string;
    korName: string;
    engName: string;
}

/** The public lists of schools and rounds (the applicant API), for staff whose role cannot list them in the admin API. */
export const pickerMethods = (api: Api) => ({
    getPublicSchools: async (): Promise<School[]> =>
        (await api.get<PublicSchool[]>('/apply/api/standard/schl')).map(s => ({ id: s.schoolCode, korName: s.korName, engName: s.engName })),
    getPublicRounds: async (schoolCode: string): Promise<RoundChoice[]> =>
        (await api.get<Omit<RoundChoice, 'id'>[]>(`/apply/api/recruit/list?schoolCode=${seg(schoolCode)}`)).map(r => ({
            id: `${r.schoolCode}-${r.enterYear}-${r.recruitPartSeq}`,
            schoolCode: r.schoolCode,
            enterYear: r.enterYear,
            recruitPartSeq: r.recruitPartSeq,
            korName: r.korName,
            engName: r.engName,
        })),
    /** Every country (the public reference list), for nationality names. */
    getCountries: async (): Promise<Country[]> => (await api.get<{ orderKr: Country[] }>('/apply/api/standard/country')).orderKr,
});

export type PickerMethods = ReturnType<typeof pickerMethods>;

import { useDataProvider, type DataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { RoundChoice } from '../../components/pickerMethods';
import type { EvaluationDataProvider, Sorting } from './methods';

/** A COMPLETE application of the round, as the staff list has it. */
export interface RoundApplication {
    id: number;
    applNo: number;
    applId: string | null;
    applicantName: string;
}

/** The round's COMPLETE applications, every page of the staff list (by number). */
export const useCompleteApplications = (round: RoundChoice | undefined) => {
    const dataProvider = useDataProvider<DataProvider>();
    return useQuery({
        queryKey: ['evaluation', round?.id ?? '', 'applications'],
        queryFn: async () => {
            const out: RoundApplication[] = [];
            for (let page = 1; ; page++) {
                const { data, total } = await dataProvider.getList<RoundApplication>('applications', {
                    pagination: { page, perPage: 100 },
                    sort: { field: 'applNo', order: 'ASC' },
                    filter: { schoolCode: round!.schoolCode, enterYear: round!.enterYear, recruitPartSeq: round!.recruitPartSeq, status: 'COMPLETE' },
                });
                out.push(...data);
                if (data.length < 100 || out.length >= (total ?? 0)) return out;
            }
        },
        enabled: !!round,
        retry: false,
    });
};

/** The school's reviewers, by name. */
export const useReviewers = (roundId: string) => {
    const dataProvider = useDataProvider<EvaluationDataProvider>();
    return useQuery({
        queryKey: ['evaluation', roundId, 'reviewers'],
        queryFn: () => dataProvider.getEvalReviewers(roundId),
        enabled: !!roundId,
        retry: false,
    });
};

/** The score table of the round, sorted by the server. */
export const useScores = (roundId: string, sort: Sorting) => {
    const dataProvider = useDataProvider<EvaluationDataProvider>();
    return useQuery({
        queryKey: ['evaluation', roundId, 'scores', sort.field, sort.order],
        queryFn: () => dataProvider.getEvalScores(roundId, sort),
        enabled: !!roundId,
        retry: false,
    });
};

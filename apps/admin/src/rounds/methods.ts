import type { DataProvider } from 'react-admin';
import { ADMIN_API, seg, type Api } from '../api';

/** What an exam-number rule gives a round (docs/api-rounds.md). */
export interface RuleCheck {
    rule: string;
    samples: string[];
    capacity: number;
    real: Array<{ applNo: number; current: string; new: string; problem?: string; completedAt: string }>;
}

/** The round pages' calls beyond REST (issue 12), reached through useDataProvider. */
export const roundMethods = (api: Api) => ({
    /** Asks the server what a rule gives; a refused rule answers the reason at the field "rule". */
    checkApplIdRule: (roundId: string, rule: string) => api.post<RuleCheck>(`${ADMIN_API}/recruit-parts/${seg(roundId)}/appl-id-check`, { rule }),
    /** Re-assigns a round's exam numbers by a rule (system admin); answers how many and how many changed. */
    remakeApplId: (roundId: string, rule: string) =>
        api.post<{ count: number; changed: number }>(`${ADMIN_API}/recruit-parts/${seg(roundId)}/remake-applid`, { rule }),
});

export type RoundsDataProvider = DataProvider & ReturnType<typeof roundMethods>;

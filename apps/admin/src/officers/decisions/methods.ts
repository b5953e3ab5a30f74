import type { DataProvider } from 'react-admin';
import { ADMIN_API, seg, type Api } from '../../api';

/** The decisions a completed application may get (docs/officers.md). */
export const DECISION_KINDS = ['admit', 'waitlist', 'reject'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

/** A text in both languages. */
export interface Bilingual {
    ko: string;
    en: string;
}

/** One application's decision, as GET /eval-rounds/{roundId}/decisions lists it. */
export interface DecisionRecord {
    id: number;
    applNo: number;
    roundId: string;
    userId: string;
    decision: DecisionKind;
    rank: number;
    /** The decision by name ("합격", "Waitlisted (No. 2)"), from the server. */
    label: Bilingual;
    decidedBy: string;
    decidedAt: string;
    mailedAt: string | null;
}

/** A round's release: when, and a message per decision. */
export interface ReleaseRecord {
    id: string;
    at: string;
    messages: Record<DecisionKind, Bilingual>;
    setBy: string;
    setAt: string;
}

/** The release and its result mails so far. */
export interface ReleaseProgress {
    id: string;
    release: ReleaseRecord | null;
    released: boolean;
    total: number;
    mailed: number;
    byDecision: Record<DecisionKind, number>;
}

/** A completed application of the round (the staff list's row, the parts this page shows). */
export interface RoundApplication {
    id: number;
    applNo: number;
    applId: string | null;
    applicantName: string;
    status: string;
}

/** One decision to set. */
export interface DecisionItem {
    applNo: number;
    decision: DecisionKind;
    rank: number;
}

const PAGE = 100; // the most rows the admin lists answer at once

const round = (roundId: string) => `${ADMIN_API}/eval-rounds/${seg(roundId)}`;

/** Deciding and releasing a round's results (issue 23 item 3); pages reach these through useDataProvider. */
export const decisionMethods = (api: Api) => ({
    /** Every completed application of a round, by application number (read page by page). */
    getCompleteApplications: async (r: { schoolCode: string; enterYear: number; recruitPartSeq: number }): Promise<RoundApplication[]> => {
        const filter = JSON.stringify({ schoolCode: r.schoolCode, enterYear: r.enterYear, recruitPartSeq: r.recruitPartSeq, status: 'COMPLETE' });
        const out: RoundApplication[] = [];
        for (;;) {
            const q = new URLSearchParams({ filter, sort: JSON.stringify(['applNo', 'ASC']), range: JSON.stringify([out.length, out.length + PAGE - 1]) });
            const rows = await api.get<RoundApplication[]>(`${ADMIN_API}/applications?${q}`);
            out.push(...rows);
            if (rows.length < PAGE) return out;
        }
    },
    getRoundDecisions: (roundId: string) => api.get<DecisionRecord[]>(`${round(roundId)}/decisions`),
    /** The mean of the submitted scores per application; none when the round has no rubric. */
    getMeanScores: async (roundId: string): Promise<Record<number, number | null>> => {
        try {
            const rows = await api.get<{ applNo: number; mean: number | null }[]>(`${round(roundId)}/scores`);
            return Object.fromEntries(rows.map(r => [r.applNo, r.mean]));
        } catch (e) {
            if ((e as { status?: number }).status === 404) return {};
            throw e;
        }
    },
    decideOne: (applNo: number, body: { decision: DecisionKind; rank: number }) => api.put<DecisionRecord>(`${ADMIN_API}/decisions/${seg(applNo)}`, body),
    /** Many decisions of one round: all or none. */
    decideMany: (roundId: string, items: DecisionItem[]) => api.post<{ count: number }>(`${round(roundId)}/decisions`, { items }),
    getReleaseProgress: (roundId: string) => api.get<ReleaseProgress>(`${round(roundId)}/release`),
    setRelease: (roundId: string, body: { at: string; messages: Record<DecisionKind, Bilingual> }) =>
        api.put<ReleaseRecord>(`${round(roundId)}/release`, body),
});

export type DecisionsDataProvider = DataProvider & ReturnType<typeof decisionMethods>;

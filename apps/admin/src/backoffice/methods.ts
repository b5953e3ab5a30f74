import type { DataProvider, Identifier } from 'react-admin';
import { ADMIN_API, seg, type Api, type Progress } from '../api';

/** A round as the counts and exports name it. */
export interface RoundKey {
    schoolCode: string;
    enterYear: string | number;
    recruitPartSeq: string | number;
}

/** How many applied to a round: by status and, for the last 30 days, per day (no personal data). */
export interface RoundDashboardData {
    total: number;
    reviewing: number;
    paid: number;
    lettersPending: number;
    lettersCompleted: number;
    byStatus: Record<string, number>;
    days: { day: string; created: number; completions: number; payments: number }[];
}

/** An uploaded document of an application, as the applicant's route lists it. */
export interface DocView {
    code: string;
    korName: string;
    engName: string;
    fileKey: string | null;
    fileName: string | null;
    filePath: string | null;
}

export type { ReaderField, ReaderSection } from '../components/ReaderSections';
import type { ReaderSection } from '../components/ReaderSections';

/** An access-log row of the application (who read or changed it, when). */
export interface ReaderEntry {
    id: number;
    actor: string;
    action: string;
    detail: Record<string, unknown>;
    from: string;
    createdAt: string;
}

/** The whole application as the applicant filled it, in the caller's language (GET applications/{applNo}/reader). */
export interface ReaderData {
    applNo: number;
    lang: string;
    school: string;
    examNumber: string | null;
    sections: ReaderSection[];
    /** Read as an assigned reviewer: no consents, review history or trail. */
    reviewer: boolean;
    reviews: ReaderEntry[];
    trail: ReaderEntry[];
}

/** A letter asked for an application, as staff see it: the recommender, the status and, once submitted, its files. */
export interface ReaderLetter {
    reqNo: number;
    profName: string;
    institution: string;
    status: string;
    submittedAt: string | null;
    pdfPath?: string;
    filePath?: string;
    fileName: string;
}

const roundQuery = (r: RoundKey) =>
    new URLSearchParams({ schoolCode: r.schoolCode, enterYear: String(r.enterYear), recruitPartSeq: String(r.recruitPartSeq) });

/** A mail sent to a member, as the outbox recorded it (support tools, issue 23). */
export interface MemberMail {
    id: number;
    kind: string;
    to: string;
    createdAt: string;
    state: 'queued' | 'sent' | 'failed';
    attempts: number;
    resendable: boolean;
}

/** The back office's calls that are not REST (issue 13): its pages reach them through useDataProvider. */
export const backofficeMethods = (api: Api) => ({
    getRoundDashboard: (r: RoundKey) => api.get<RoundDashboardData>(`${ADMIN_API}/dashboard?${roundQuery(r)}`),
    /** Closes (closing staff, system admin) or reopens (system admin) a round, with a reason. */
    setRoundClosure: (id: Identifier, act: 'close' | 'reopen', reason: string) =>
        api.post<unknown>(`${ADMIN_API}/round-closures/${seg(id)}/${act}`, { reason }),
    sanctionMember: (id: Identifier, body: { kind: string; cause: string; note: string }) =>
        api.post<unknown>(`${ADMIN_API}/members/${seg(id)}/sanctions`, body),
    setMemberStatus: (id: Identifier, body: { status: string; note: string }) => api.put<unknown>(`${ADMIN_API}/members/${seg(id)}/status`, body),
    /** Ends a member's fixed-term sanction early. */
    liftMemberSanction: (id: Identifier, body: { note: string }) => api.post<unknown>(`${ADMIN_API}/members/${seg(id)}/sanctions/fixed`, body),
    /** Support tools (system admin): correct the address, unlock sign-in, correct phone and language, list and resend mails. */
    correctMemberEmail: (id: Identifier, body: { email: string; reason: string }) => api.put<unknown>(`${ADMIN_API}/members/${seg(id)}/email`, body),
    unlockMember: (id: Identifier, body: { reason: string }) => api.post<unknown>(`${ADMIN_API}/members/${seg(id)}/unlock`, body),
    correctMemberDetails: (id: Identifier, body: { phone: string; locale: string; reason: string }) =>
        api.put<unknown>(`${ADMIN_API}/members/${seg(id)}/details`, body),
    getMemberMails: (id: Identifier) => api.get<MemberMail[]>(`${ADMIN_API}/members/${seg(id)}/mails`),
    resendMemberMail: (id: Identifier, mailId: number, body: { reason: string }) =>
        api.post<unknown>(`${ADMIN_API}/members/${seg(id)}/mails/${mailId}/resend`, body),
    setRoles: (id: Identifier, body: { roles: string[]; schoolCode: string | null }) => api.put<unknown>(`${ADMIN_API}/roles/${seg(id)}`, body),
    /** The uploaded documents, read through the applicant's route (the read is logged). */
    getApplicationDocuments: async (applNo: number): Promise<DocView[]> => {
        const b = await api.get<{ list?: { documents: DocView[] }[] }>(`/apply/api-auth/appl/doc/${applNo}`);
        return (b.list ?? []).flatMap(g => g.documents).filter(d => d.fileKey);
    },
    /** The reader: every step with labels and names in the current language (the read is logged). */
    getApplicationReader: (applNo: Identifier) => api.get<ReaderData>(`${ADMIN_API}/applications/${seg(applNo)}/reader`),
    /** The letters of an application (the read is logged). */
    getApplicationLetters: async (applNo: Identifier) =>
        (await api.get<{ list: ReaderLetter[] }>(`${ADMIN_API}/recommend/letters/${seg(applNo)}`)).list ?? [],
    /** The unmasked identification numbers, for a logged reason. */
    revealApplication: (applNo: number, reason: string) => api.post<Record<string, string>>(`${ADMIN_API}/applications/${applNo}/reveal`, { reason }),
    correctApplication: (id: Identifier, changes: Record<string, string>, reason: string) =>
        api.put<{ fields: string[] }>(`${ADMIN_API}/applications/${id}/basis`, { changes, reason }),
    reviewApplication: (id: Identifier, body: { action: string; step?: string; reason?: string }) =>
        api.post<unknown>(`${ADMIN_API}/applications/${id}/review`, body),
    /** A round's applicants as a workbook, or every document as one ZIP, saved with progress. */
    exportRound: (kind: 'applicants' | 'documents', r: RoundKey, onProgress: (p: Progress) => void) =>
        api.download(`${ADMIN_API}/exports/${kind}?${roundQuery(r)}`, onProgress),
});

export type BackofficeDataProvider = DataProvider & ReturnType<typeof backofficeMethods>;

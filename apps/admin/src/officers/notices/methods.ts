import type { DataProvider } from 'react-admin';
import { ADMIN_API, seg, type Api } from '../../api';
import type { Bilingual, DecisionKind } from '../decisions/methods';

/** A notice as the admin API answers it (resource "notices"). */
export interface NoticeRecord {
    id: number;
    /** null: the whole site. */
    schoolCode: string | null;
    roundId: string | null;
    title: Bilingual;
    body: Bilingual;
    starts: string;
    ends: string;
    createdBy: string;
    createdAt: string;
    updatedAt: string;
}

/** Who a bulk mail goes to: applications of the round with this (effective) status and decision; '' is any. */
export interface MailFilter {
    status: string;
    decision: DecisionKind | '';
}

/** What staff write: the filter, the subject and the body in both languages. */
export interface LetterBody {
    filter: MailFilter;
    subject: Bilingual;
    body: Bilingual;
}

export type MailState = 'draft' | 'sending' | 'done';

/** A bulk mail of a round. */
export interface BulkMailRecord extends LetterBody {
    id: number;
    roundId: string;
    state: MailState;
    createdBy: string;
    createdAt: string;
    sentBy: string;
    sentAt: string | null;
    doneAt: string | null;
}

/** One mail with its progress: recipients fixed at sending, mails queued. */
export interface BulkMailProgress extends BulkMailRecord {
    recipients: number;
    sent: number;
}

/** The mail as its recipients read it, per language, and how many it would reach now. */
export interface MailPreview {
    ko: { subject: string; text: string; html: string };
    en: { subject: string; text: string; html: string };
    recipients: number;
}

const mail = (id: number) => `${ADMIN_API}/bulk-mails/${seg(id)}`;

/** Bulk mail to a round's applicants (issue 23 item 4); notices are the REST resource "notices". */
export const noticeMethods = (api: Api) => ({
    getBulkMails: (roundId: string) => api.get<BulkMailRecord[]>(`${ADMIN_API}/eval-rounds/${seg(roundId)}/bulk-mails`),
    composeBulkMail: (roundId: string, body: LetterBody) => api.post<BulkMailRecord>(`${ADMIN_API}/eval-rounds/${seg(roundId)}/bulk-mails`, body),
    editBulkMail: (id: number, body: LetterBody) => api.put<BulkMailRecord>(mail(id), body),
    getBulkMail: (id: number) => api.get<BulkMailProgress>(mail(id)),
    previewBulkMail: (id: number) => api.get<MailPreview>(`${mail(id)}/preview`),
    sendBulkMail: (id: number) => api.post<BulkMailProgress>(`${mail(id)}/send`),
});

export type NoticesDataProvider = DataProvider & ReturnType<typeof noticeMethods>;

import type { DataProvider, Identifier } from 'react-admin';
import { ADMIN_API, seg, type Api } from '../api';

/** Answering and closing an inquiry (issue 14): calls beyond REST, reached through useDataProvider. */
export const inquiryMethods = (api: Api) => ({
    answerInquiry: (id: Identifier, body: string) => api.post<unknown>(`${ADMIN_API}/inquiries/${seg(id)}/answer`, { body }),
    setInquiryStatus: (id: Identifier, status: 'closed') => api.put<unknown>(`${ADMIN_API}/inquiries/${seg(id)}/status`, { status }),
});

export type InquiryDataProvider = DataProvider & ReturnType<typeof inquiryMethods>;

import { lazy } from 'react';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';

const load = <K extends string>(m: () => Promise<Record<K, React.ComponentType>>, k: K) => lazy(() => m().then(x => ({ default: x[k] })));

/** inquiry/manage: the 1:1 inquiries (issue 14). */
export const inquiries = {
    list: load(() => import('./InquiryList'), 'InquiryList'),
    show: load(() => import('./InquiryShow'), 'InquiryShow'),
    icon: QuestionAnswerIcon,
    recordRepresentation: 'title',
};

import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import { lazyNamed as load } from '../lazyNamed';


/** inquiry/manage: the 1:1 inquiries (issue 14). */
export const inquiries = {
    list: load(() => import('./InquiryList'), 'InquiryList'),
    show: load(() => import('./InquiryShow'), 'InquiryShow'),
    icon: QuestionAnswerIcon,
    recordRepresentation: 'title',
};

import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import GavelIcon from '@mui/icons-material/Gavel';
import { lazyNamed as load } from '../lazyNamed';


/** refund-requests: applicants' refund requests (issue 18). */
export const refundRequests = {
    list: load(() => import('./RefundRequests'), 'RefundRequestList'),
    show: load(() => import('./RefundRequests'), 'RefundRequestShow'),
    icon: AssignmentReturnIcon,
};

/** refund-rules: the schools' refund rule texts. */
export const refundRules = {
    list: load(() => import('./RefundRules'), 'RefundRuleList'),
    edit: load(() => import('./RefundRules'), 'RefundRuleEdit'),
    icon: GavelIcon,
};

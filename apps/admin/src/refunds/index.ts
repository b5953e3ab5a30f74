import { lazy } from 'react';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import GavelIcon from '@mui/icons-material/Gavel';

const load = <K extends string>(m: () => Promise<Record<K, React.ComponentType>>, k: K) => lazy(() => m().then(x => ({ default: x[k] })));

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

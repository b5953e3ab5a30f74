import { lazyNamed } from '../lazyNamed';

/** The staff money pages (issue 10): lists as resources, the rest as pages, each loaded on first visit. */
export const payAttempts = {
    list: lazyNamed(() => import('./PayAttempts'), 'PayAttemptList'),
    show: lazyNamed(() => import('./PayAttempts'), 'PayAttemptShow'),
};
export const payCancels = { list: lazyNamed(() => import('./Histories'), 'CancelHistory') };
export const payFailures = { list: lazyNamed(() => import('./Histories'), 'FailureHistory') };
export const payCheck = { list: lazyNamed(() => import('./Histories'), 'PayCheck') };
/** Settlement fee rules (issue 18): system admins. */
export const feeRules = {
    list: lazyNamed(() => import('./FeeRules'), 'FeeRuleList'),
    create: lazyNamed(() => import('./FeeRules'), 'FeeRuleCreate'),
    edit: lazyNamed(() => import('./FeeRules'), 'FeeRuleEdit'),
};

export const ManualPay = lazyNamed(() => import('./ManualPay'), 'ManualPay');
export const PayCancelPage = lazyNamed(() => import('./ManualPay'), 'PayCancelPage');
export const SettlementPage = lazyNamed(() => import('./Settlement'), 'SettlementPage');

/**
 * Back-office pages of spec section 2 that are not built yet. The server
 * (/user/api/me adminPages, from core/permission) says which of them the
 * signed-in person may open; the menu shows those under "준비 중" and each
 * route says plainly that the page is not available yet.
 */
export interface PlannedPage {
    /** Path under /sysadmin, as the spec names it (and as the server lists it). */
    path: string;
    /** Key under app.pages. */
    labelKey: string;
}

export const PLANNED_PAGES: readonly PlannedPage[] = [];

/** The round-settings page (spec "info-inquiry"), read-only for now. */
export const INFO_INQUIRY = 'info-inquiry';

/**
 * The round and school settings pages (issue 12), in menu order: the
 * School Admin menu of the seed (round settings, round info, rule check)
 * and the system admin's re-numbering. Shown when /me lists them.
 */
export const ROUND_PAGES: readonly PlannedPage[] = [
    { path: 'recruit-part/list', labelKey: 'recruitPart' },
    { path: INFO_INQUIRY, labelKey: 'infoInquiry' },
    { path: 'applId/check', labelKey: 'applIdCheck' },
    { path: 'school/settings', labelKey: 'schoolSettings' },
    { path: 'survey/questions', labelKey: 'surveyQuestions' },
    { path: 'remake/applid', labelKey: 'remakeApplId' },
];

/** Where a page of ROUND_PAGES opens (the list is the recruit-parts resource). */
export const roundPageTarget = (path: string) => (path === 'recruit-part/list' ? '/recruit-parts' : `/${path}`);
/** Recommendation templates and the letters of an application (issue 11). */
export const RECOMMEND_TEMPLATE = 'recommend/template';

/**
 * The staff money pages (issue 10), in menu order, with where each opens
 * (the lists are react-admin resources). Shown when /me lists them.
 */
export const MONEY_PAGES: readonly (PlannedPage & { to: string; resource?: boolean })[] = [
    { path: 'pay/info', labelKey: 'payInfo', to: '/pay/attempts', resource: true },
    { path: 'manual-pay', labelKey: 'manualPay', to: '/manual-pay' },
    { path: 'pay-check', labelKey: 'payCheck', to: '/pay/check', resource: true },
    { path: 'pay/cancel', labelKey: 'payCancel', to: '/pay/cancel' },
    { path: 'refund-requests', labelKey: 'refundRequests', to: '/pay/refund-requests', resource: true },
    { path: 'refund-rules', labelKey: 'refundRules', to: '/pay/refund-rules', resource: true },
    { path: 'pay/cancel/history', labelKey: 'payCancelHistory', to: '/pay/cancels', resource: true },
    { path: 'pay-failure/history', labelKey: 'payFailureHistory', to: '/pay/failures', resource: true },
    { path: 'settlement/list', labelKey: 'settlement', to: '/settlement/list' },
    { path: 'settlement/fee-rules', labelKey: 'feeRules', to: '/fee-rules', resource: true },
];

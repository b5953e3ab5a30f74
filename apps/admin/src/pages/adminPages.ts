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

export const PLANNED_PAGES: readonly PlannedPage[] = [
    { path: 'recruit-part/list', labelKey: 'recruitPart' },
    { path: 'applId/check', labelKey: 'applIdCheck' },
    { path: 'pay/info', labelKey: 'payInfo' },
    { path: 'settlement/list', labelKey: 'settlement' },
    { path: 'inquiry/manage', labelKey: 'inquiryManage' },
    { path: 'recommend/template', labelKey: 'recommendTemplate' },
    { path: 'user/management', labelKey: 'userManagement' },
    { path: 'auth/list', labelKey: 'authList' },
];

/** The round-settings page (spec "info-inquiry"), read-only for now. */
export const INFO_INQUIRY = 'info-inquiry';

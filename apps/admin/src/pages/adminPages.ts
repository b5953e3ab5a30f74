import { ROLE } from '../roles';

/**
 * Back-office pages of spec section 2 that are not built yet. Each is shown
 * in the menu as "준비 중" to the roles that will be allowed to use it
 * (core/permission), and its route says plainly that it is not available.
 */
export interface PlannedPage {
    /** Path under /sysadmin, as the spec names it. */
    path: string;
    /** Key under app.pages. */
    labelKey: string;
    roles: readonly string[];
}

export const PLANNED_PAGES: readonly PlannedPage[] = [
    { path: 'recruit-part/list', labelKey: 'recruitPart', roles: [ROLE.SYS_ADMIN, ROLE.SCHL_ADMIN, ROLE.SET_ADMIN] },
    { path: 'applId/check', labelKey: 'applIdCheck', roles: [ROLE.SYS_ADMIN, ROLE.SCHL_ADMIN, ROLE.SET_ADMIN] },
    { path: 'pay/info', labelKey: 'payInfo', roles: [ROLE.SYS_ADMIN] },
    { path: 'settlement/list', labelKey: 'settlement', roles: [ROLE.SYS_ADMIN, ROLE.STLM_ADMIN] },
    { path: 'inquiry/manage', labelKey: 'inquiryManage', roles: [ROLE.SYS_ADMIN, ROLE.SCHL_ADMIN] },
    { path: 'recommend/template', labelKey: 'recommendTemplate', roles: [ROLE.SYS_ADMIN, ROLE.SCHL_ADMIN] },
    { path: 'user/management', labelKey: 'userManagement', roles: [ROLE.SYS_ADMIN] },
    { path: 'auth/list', labelKey: 'authList', roles: [ROLE.SYS_ADMIN] },
];

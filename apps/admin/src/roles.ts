/**
 * Roles of spec section 6, and which of them may see which back-office page.
 * This mirrors core/permission (table and AdminArea) so the menu only offers
 * what the server would allow; the server still enforces every call.
 */
export const ROLE = {
    USER: 'ROLE_USER',
    SYS_ADMIN: 'ROLE_SYS_ADMIN',
    SCHL_ADMIN: 'ROLE_SCHL_ADMIN',
    SET_ADMIN: 'ROLE_SET_ADMIN',
    TIME_INDEPENDENT: 'ROLE_TIME_INDEPENDENT',
    STLM_ADMIN: 'ROLE_STLM_ADMIN',
    CLOSE_ADMIN: 'ROLE_CLOSE_ADMIN',
} as const;

/** Roles allowed into /sysadmin at all (core/permission AdminArea). */
export const ADMIN_ROLES: readonly string[] = [
    ROLE.SYS_ADMIN,
    ROLE.SCHL_ADMIN,
    ROLE.SET_ADMIN,
    ROLE.STLM_ADMIN,
    ROLE.CLOSE_ADMIN,
];

export const isAdmin = (roles: readonly string[] | undefined | null): boolean =>
    !!roles && roles.some(r => ADMIN_ROLES.includes(r));

export const hasAny = (roles: readonly string[] | undefined | null, allowed: readonly string[]) =>
    !!roles && roles.some(r => allowed.includes(r));

/** Resource name -> roles that may read it (core/permission UserListAll). */
export const RESOURCE_ROLES: Record<string, readonly string[]> = {
    users: [ROLE.SYS_ADMIN, ROLE.SCHL_ADMIN],
};

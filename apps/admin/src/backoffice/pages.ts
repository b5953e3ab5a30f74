/** The server's page names (core/permission adminPages) of resources named otherwise. */
export const RESOURCE_PAGES: Record<string, string> = {
    members: 'user/management',
    roles: 'auth/list',
    'round-closures': 'round/close',
};

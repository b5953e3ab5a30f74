/** The server's page name of the inquiries resource (core/permission adminPages). */
export const INQUIRY_PAGE = 'inquiry/manage';

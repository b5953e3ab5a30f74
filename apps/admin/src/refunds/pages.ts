/** The server's page names of the refund resources (core/permission adminPages). */
export const REFUND_PAGES: Record<string, string> = {
    'pay/refund-requests': 'refund-requests',
    'pay/refund-rules': 'refund-rules',
};

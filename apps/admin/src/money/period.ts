/** yyyy-MM-dd of today in Seoul, and of the first day of this month. */
export const today = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
export const monthStart = () => `${today().slice(0, 8)}01`;

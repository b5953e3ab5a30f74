import { HttpError } from 'react-admin';
import { httpClient, type ApiErrorBody } from '../httpClient';
import { ADMIN_API } from '../dataProvider';

/** Money as the server sends it: minor units and a currency. */
export interface Money {
    amount: number;
    currency: 'KRW' | 'USD';
}

/** "80,000 KRW" or "68.16 USD". */
export const fmtMoney = (m?: Money | null): string => {
    if (!m || !m.currency) return '–';
    if (m.currency === 'USD') return `${(m.amount / 100).toFixed(2)} USD`;
    return `${m.amount.toLocaleString('ko-KR')} KRW`;
};

export const post = async (path: string, body: unknown) => {
    const { json } = await httpClient(`${ADMIN_API}${path}`, { method: 'POST', body: JSON.stringify(body ?? {}) });
    return json;
};

export const get = async (path: string) => {
    const { json } = await httpClient(`${ADMIN_API}${path}`);
    return json;
};

/** The server's message and its field errors, for a form. */
export const errorOf = (e: unknown): { message: string; fields: Record<string, string> } => {
    if (e instanceof HttpError) {
        const body = e.body as ApiErrorBody | null;
        return { message: body?.message ?? e.message, fields: body?.fields ?? {} };
    }
    return { message: String(e), fields: {} };
};

/** yyyy-MM-dd of today in Seoul, and of the first day of this month. */
export const today = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
export const monthStart = () => `${today().slice(0, 8)}01`;

import type { DataProvider } from 'react-admin';
import { httpClient } from '../httpClient';
import type { Money } from './api';

/** One line of a settlement: a currency and booked pay type ("" is the currency's total). */
export interface SettlementRow {
    payType: string;
    currency: string;
    payments: number;
    refunds: number;
    paid: Money;
    refunded: Money;
    providerFees: Money;
    net: Money;
    /** Payments no fee rule priced (their fee counted as 0). */
    noFeeRule: number;
}

/** A fee rule a settlement period used. */
export interface SettlementFeeRule {
    method: string;
    contract: string;
    effectiveFrom: string;
    rate: string;
    fixed: Money & { text: string };
}

/** settlement/list of one school and period (docs/api-money.md). */
export interface Settlement {
    school: string;
    rows: SettlementRow[];
    closed: { by: string; at: string } | null;
    adjustments: SettlementRow[];
    feeRulesSet: boolean;
    feeRules: SettlementFeeRule[];
}

export interface SettlementPeriod {
    school: string;
    from: string;
    to: string;
}

/** pay/cancel's body. */
export interface CancelRequest {
    cancelType: string;
    amount: string;
    reason: string;
    refundAccount: { bank: string; holder: string; accountNo: string } | null;
}

/**
 * The money pages' calls that are not REST resources, as dataProvider
 * methods (react-admin's "custom methods"): pages call them through
 * useDataProvider / useMutation, never the HTTP client directly.
 */
export const moneyMethods = (api: string) => {
    const settlementPath = (p: SettlementPeriod) => `${api}/settlements/${encodeURIComponent(p.school)}`;
    return {
        getSettlement: async (p: SettlementPeriod): Promise<Settlement> => {
            const q = `from=${encodeURIComponent(p.from)}&to=${encodeURIComponent(p.to)}`;
            return (await httpClient(`${settlementPath(p)}?${q}`)).json as Settlement;
        },
        closeSettlement: async (p: SettlementPeriod): Promise<Settlement> =>
            (await httpClient(`${settlementPath(p)}/close`, { method: 'POST', body: JSON.stringify({ from: p.from, to: p.to }) })).json as Settlement,
        cancelPayment: async ({ id, body }: { id: string; body: CancelRequest }): Promise<unknown> =>
            (await httpClient(`${api}/pay/attempts/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: JSON.stringify(body) })).json,
    };
};

/** The settlement workbook's address: a download link, not a data call (every dataProvider method answers a Promise). */
export const settlementExportUrl = (api: string, p: SettlementPeriod): string =>
    `${api}/settlements/${encodeURIComponent(p.school)}/export?from=${encodeURIComponent(p.from)}&to=${encodeURIComponent(p.to)}`;

export type MoneyDataProvider = DataProvider & ReturnType<typeof moneyMethods>;

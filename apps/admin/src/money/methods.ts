import type { DataProvider } from 'react-admin';
import { ADMIN_API, seg, type Api } from '../api';
import type { Money } from '../format';

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
export const moneyMethods = (api: Api) => {
    const settlementPath = (p: SettlementPeriod) => `${ADMIN_API}/settlements/${seg(p.school)}`;
    return {
        getSettlement: (p: SettlementPeriod) =>
            api.get<Settlement>(`${settlementPath(p)}?from=${encodeURIComponent(p.from)}&to=${encodeURIComponent(p.to)}`),
        closeSettlement: (p: SettlementPeriod) => api.post<Settlement>(`${settlementPath(p)}/close`, { from: p.from, to: p.to }),
        cancelPayment: ({ id, body }: { id: string; body: CancelRequest }) => api.post<unknown>(`${ADMIN_API}/pay/attempts/${seg(id)}/cancel`, body),
        /** Asks the provider again what became of a payment. */
        requeryPayment: (id: string) => api.post<unknown>(`${ADMIN_API}/pay/attempts/${seg(id)}/requery`, {}),
        /** Money received outside the gateways completes an application like a gateway payment. */
        manualPay: (applNo: string, body: { method: string; reason: string; evidence: string }) =>
            api.post<{ id: string; applId: string }>(`${ADMIN_API}/pay/manual/${applNo}`, body),
    };
};

/** The settlement workbook's address: a download link, not a data call (every dataProvider method answers a Promise). */
export const settlementExportUrl = (p: SettlementPeriod): string =>
    `${ADMIN_API}/settlements/${seg(p.school)}/export?from=${encodeURIComponent(p.from)}&to=${encodeURIComponent(p.to)}`;

export type MoneyDataProvider = DataProvider & ReturnType<typeof moneyMethods>;

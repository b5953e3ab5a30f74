import type { DataProvider } from 'react-admin';
import type { Money } from '../money/api';

/** A refund request as the staff pages show it (docs/api-money.md). */
export interface RefundRequestRecord {
    id: number;
    applNo: number;
    applId: string;
    applicantName: string;
    userId: string;
    schoolCode: string;
    appStatus: string;
    paymentId: string;
    payType: string;
    provider: string;
    paid: Money;
    paidAt: string;
    refundedSoFar: Money;
    remaining: Money;
    needsAccount: boolean;
    state: 'pending' | 'approved' | 'denied';
    reason: string;
    refundAccount?: { bank: string; holder: string; accountNo: string } | null;
    createdAt: string;
    daysSincePaid: number;
    withinWithdrawal: boolean;
    decidedAt: string | null;
    decidedBy: string;
    answer: string;
    note: string;
    refunded: Money;
    cancelId: string;
}

export interface ApproveInput {
    cancelType: '00001' | '00003';
    amount: string;
    reason: string;
    note: string;
}

export interface DenyInput {
    reason: string;
    note: string;
}

/** The dataProvider's calls beyond REST: answering a request. */
export interface RefundDataProvider extends DataProvider {
    approveRefundRequest: (id: number, input: ApproveInput) => Promise<{ data: RefundRequestRecord }>;
    denyRefundRequest: (id: number, input: DenyInput) => Promise<{ data: RefundRequestRecord }>;
}

/** Minor units back to the major units a partial amount is typed in. */
export const major = (m: Money): string => (m.currency === 'USD' ? (m.amount / 100).toFixed(2) : String(m.amount));

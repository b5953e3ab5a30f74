import type { DataProvider } from 'react-admin';
import { ADMIN_API, seg, type Api } from '../api';
import type { Money } from '../format';

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

/** The dataProvider's calls beyond REST: answering a request (issue 18). */
export const refundMethods = (api: Api) => {
    const answer = async (id: number, verb: 'approve' | 'deny', body: ApproveInput | DenyInput) => ({
        data: await api.post<RefundRequestRecord>(`${ADMIN_API}/pay/refund-requests/${seg(id)}/${verb}`, body),
    });
    return {
        approveRefundRequest: (id: number, input: ApproveInput) => answer(id, 'approve', input),
        denyRefundRequest: (id: number, input: DenyInput) => answer(id, 'deny', input),
    };
};

export type RefundDataProvider = DataProvider & ReturnType<typeof refundMethods>;

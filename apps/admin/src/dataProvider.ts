import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './httpClient';
import { moneyMethods } from './money/moneyMethods';
import type { ApproveInput, DenyInput, RefundDataProvider, RefundRequestRecord } from './refunds/api';

/** Admin API root (docs/api-platform.md, "Admin"). Paging via Content-Range. */
export const ADMIN_API = '/apply/api-auth/admin';

const rest = simpleRestProvider(ADMIN_API, httpClient);

const answer = async (id: number, verb: 'approve' | 'deny', body: ApproveInput | DenyInput) => {
    const { json } = await httpClient(`${ADMIN_API}/pay/refund-requests/${encodeURIComponent(String(id))}/${verb}`, {
        method: 'POST',
        body: JSON.stringify(body),
    });
    return { data: json as RefundRequestRecord };
};

/**
 * REST for the resources, plus the calls that are not: the money pages'
 * (settlements, refunds) and answering a refund request (issue 18).
 */
export const dataProvider: RefundDataProvider & ReturnType<typeof moneyMethods> = {
    ...rest,
    ...moneyMethods(ADMIN_API),
    approveRefundRequest: (id, input) => answer(id, 'approve', input),
    denyRefundRequest: (id, input) => answer(id, 'deny', input),
};

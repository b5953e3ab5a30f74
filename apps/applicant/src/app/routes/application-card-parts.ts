import type { ApplicationCardParts } from '@/features/my-applications/components/application-list';
import { SlipButtons } from '@/features/exam-slip/components/slip-buttons';
import { RefundRequestPanel } from '@/features/refund-requests/components/refund-request-panel';

/** What the lists of my applications (/list, /appl/search/candidate) show on
 * each card from other features: the refund request and the exam slip. */
export const applicationCardParts: ApplicationCardParts = { RefundRequest: RefundRequestPanel, Slip: SlipButtons };

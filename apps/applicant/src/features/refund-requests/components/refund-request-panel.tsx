import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '@/lib/use-translation';
import { useMyRefundRequests } from '../api/get-my-refund-requests';
import { RefundRequestDialog } from './refund-request-dialog';
import { RefundRequestState } from './refund-request-state';

/** On a /list card: the state of the application's latest refund request,
 * and, once paid (COMPLETE) with no request awaiting an answer, the way
 * to ask for a refund (a paid application cannot be cancelled). */
export function RefundRequestPanel({ applNo, status }: { applNo: number; status: string }) {
  const { t } = useTranslation();
  const mine = useMyRefundRequests();
  const [open, setOpen] = useState(false);
  const latest = mine.data?.find((r) => r.applNo === applNo);
  const canAsk = status === 'COMPLETE' && mine.isSuccess && latest?.state !== 'pending';
  if (!latest && !canAsk) return null;
  return (
    <Box data-testid={`refund-panel-${applNo}`}>
      {latest && <RefundRequestState request={latest} />}
      {canAsk && (
        <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => setOpen(true)} data-testid="refund-request-open">
          {t('refundRequest.open')}
        </Button>
      )}
      {open && <RefundRequestDialog applNo={applNo} onClose={() => setOpen(false)} />}
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import { formatMoney, seoulDate } from '../utils/format';
import type { RefundRequest } from '../api/get-my-refund-requests';

/** Where the latest refund request of an application stands: pending,
 * approved with what was refunded, or denied with the staff's reason. */
export function RefundRequestState({ request }: { request: RefundRequest }) {
  const { t, i18n } = useTranslation();
  const severity = request.state === 'approved' ? 'success' : request.state === 'denied' ? 'warning' : 'info';
  return (
    <Alert severity={severity} data-testid="refund-state" data-state={request.state} sx={{ mt: 2 }}>
      <AlertTitle>{t(`refundRequest.state.${request.state}`)}</AlertTitle>
      <Typography variant="body2">
        {request.state === 'approved'
          ? t('refundRequest.approvedBody', { amount: formatMoney(request.refunded, i18n.language) })
          : request.state === 'denied'
            ? t('refundRequest.deniedBody')
            : t('refundRequest.pendingBody', { date: seoulDate(request.createdAt) })}
      </Typography>
      {request.state !== 'pending' && request.answer && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="refund-answer">
          {t('refundRequest.answer', { text: request.answer })}
        </Typography>
      )}
    </Alert>
  );
}

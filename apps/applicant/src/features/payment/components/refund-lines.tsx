import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import { seoulMinute } from '@/lib/format';
import { formatMoney } from '../utils/money';
import type { Refund } from '../api/get-refunds';

/** The refunds and cancels of one payment, under its receipt. */
export function RefundLines({ refunds }: { refunds: Refund[] }) {
  const { t, i18n } = useTranslation();
  if (refunds.length === 0) return null;
  return (
    <Box sx={{ mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' }} data-testid="receipt-refunds">
      <Typography variant="body2" sx={{ fontWeight: 700 }}>{t('pay.receipts.refunds')}</Typography>
      {refunds.map((r) => (
        <Typography key={`${r.at}-${r.amount.amount}`} variant="body2" data-testid="receipt-refund">
          {t(`pay.receipts.refund.${r.cancelType}`)}: {formatMoney(r.amount, i18n.language)} · {seoulMinute(r.at)} (KST) · {r.reason}
        </Typography>
      ))}
    </Box>
  );
}

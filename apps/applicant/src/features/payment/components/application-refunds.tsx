import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { seoulMinute } from '@/lib/format';
import { useReceipts, type Receipt } from '../api/get-receipts';
import { useRefunds, type Refund } from '../api/get-refunds';
import { formatMoney } from '../utils/money';

/**
 * The refunds of one application's payments, oldest first. Refunds name
 * their payment only; the receipts say which application a payment paid.
 */
export function refundsOf(applNo: number, receipts: Pick<Receipt, 'applNo' | 'paymentId'>[], refunds: Refund[]): Refund[] {
  const paid = new Set(receipts.filter((r) => r.applNo === applNo).map((r) => r.paymentId));
  return refunds.filter((r) => paid.has(r.paymentId)).sort((a, b) => a.at.localeCompare(b.at));
}

/** Under an application on /list: what staff refunded of its fee, and when (Korea time). */
export function ApplicationRefunds({ applNo }: { applNo: number }) {
  const { t, i18n } = useTranslation();
  const receipts = useReceipts();
  const refunds = useRefunds();
  const mine = refundsOf(applNo, receipts.data ?? [], refunds.data ?? []);
  if (mine.length === 0) return null;
  return (
    <Box sx={{ mt: 2, pt: 1, borderTop: 1, borderColor: 'divider' }} data-testid="appl-refunds">
      <Typography variant="body2" component="h3" sx={{ fontWeight: 700 }}>
        {t('pay.receipts.refunds')}
      </Typography>
      {mine.map((r) => (
        <Typography key={`${r.paymentId}-${r.at}`} variant="body2" data-testid="appl-refund">
          {r.amount.amount > 0
            ? t('pay.listRefund', { type: t(`pay.receipts.refund.${r.cancelType}`), amount: formatMoney(r.amount, i18n.language), at: seoulMinute(r.at) })
            : t('pay.listCancel', { type: t(`pay.receipts.refund.${r.cancelType}`), at: seoulMinute(r.at) })}
        </Typography>
      ))}
      <Link component={RouterLink} to={paths.user.payReceipt.getHref()} variant="body2" data-testid="appl-refunds-receipts">
        {t('pay.listReceipts')}
      </Link>
    </Box>
  );
}

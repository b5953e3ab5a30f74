import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import { seoulMinute } from '@/lib/format';
import { useReceipts } from '@/features/payment/api/get-receipts';
import { formatMoney } from '@/features/payment/utils/money';
import { useRefunds } from '@/features/payment/api/get-refunds';
import { RefundLines } from '@/features/payment/components/refund-lines';
import { PageFrame } from './page-frame';

/** /user/pay/receipt: every paid fee of the user with its lines, and its receipt PDF. */
export function PayReceiptPage() {
  const { t, i18n } = useTranslation();
  const receipts = useReceipts();
  const refunds = useRefunds();
  const lang = i18n.language;
  return (
    <PageFrame title={t('title.payReceipt')} testId="pay-receipt-page">
      {receipts.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : !receipts.data?.length ? (
        <Alert severity="info">{t('pay.receipts.empty')}</Alert>
      ) : (
        <Stack spacing={2}>
          {receipts.data.map((r) => (
            <Paper key={r.paymentId} variant="outlined" sx={{ p: 2 }} data-testid="receipt">
              <Typography variant="body2" color="text.secondary">{lang === 'en' ? r.school.eng : r.school.kor}</Typography>
              <Typography sx={{ fontWeight: 700 }}>{lang === 'en' ? r.round.eng : r.round.kor}</Typography>
              <Typography sx={{ fontWeight: 700, fontSize: 18, my: 0.5 }}>{formatMoney(r.total, lang)}</Typography>
              <Typography variant="body2">{t('pay.receipts.method')}: {t(`pay.type.${r.payType}`)}</Typography>
              <Typography variant="body2">{t('pay.fee')}: {formatMoney(r.fee, lang)}</Typography>
              {r.surcharge.amount > 0 && <Typography variant="body2">{t('pay.surcharge')}: {formatMoney(r.surcharge, lang)}</Typography>}
              <Typography variant="body2">{t('pay.receipts.paidAt')}: {seoulMinute(r.paidAt)} (KST)</Typography>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>{t('pay.receipts.paymentId')}: {r.paymentId}</Typography>
              <Button size="small" variant="outlined" sx={{ mt: 1 }} href={`/apply/api-auth/pay/receipt/${encodeURIComponent(r.paymentId)}?lang=${lang}`} data-testid="receipt-pdf">
                {t('pay.receipts.pdf')}
              </Button>
              <RefundLines refunds={(refunds.data ?? []).filter((x) => x.paymentId === r.paymentId)} />
            </Paper>
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}

export default PayReceiptPage;

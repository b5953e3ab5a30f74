import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { accessState } from '@/lib/access-key';
import { confirmPayment } from '@/features/payment/api/confirm-payment';
import { PageFrame } from './page-frame';

/**
 * /pay/mobile: where the provider sends the browser back (phones, PayPal,
 * the test gateway). The server asks the provider; paid goes to the
 * completion page, anything else back to the pay page, which shows why.
 */
export function PayMobilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [refused, setRefused] = useState(false);
  const sent = useRef(false);
  const paymentId = params.get('paymentId') ?? '';
  // without a payment id there is nothing to ask the provider
  const failed = refused || !paymentId;

  useEffect(() => {
    if (sent.current || !paymentId) return;
    sent.current = true;
    confirmPayment(paymentId, params.get('code'), params.get('message')).then(
      (a) => {
        if (a.result === 'PAID') void navigate(paths.appl.none.getHref(), { replace: true, state: accessState({ applNo: a.applNo }) });
        else void navigate(paths.appl.pay.getHref(), { replace: true, state: accessState({ applNo: a.applNo }) });
      },
      () => setRefused(true),
    );
  }, [paymentId, params, navigate]);

  return (
    <PageFrame title={t('title.payMobile')} testId="pay-mobile-page" maxWidth="sm">
      {failed ? (
        <>
          <Alert severity="error" sx={{ mb: 2 }} role="alert">{t('pay.returnFailed')}</Alert>
          <Button variant="contained" onClick={() => void navigate(paths.list.getHref())}>{t('pay.toList')}</Button>
        </>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }} role="status">
          <CircularProgress size={28} aria-hidden />
          <Typography>{t('pay.returning')}</Typography>
        </Box>
      )}
    </PageFrame>
  );
}

export default PayMobilePage;

import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { accessState } from '@/lib/access-key';
import { ApiError } from '@/lib/api-client';
import { seoulMinute } from '@/lib/format';
import { usePayQuote } from '@/features/payment/api/get-pay-quote';
import { useStartPayment } from '@/features/payment/api/start-payment';
import { FeeLines } from '@/features/payment/components/fee-lines';
import { VbankDetails } from '@/features/payment/components/vbank-details';
import type { PayType } from '@/features/payment/types';
import { formatMoney } from '@/features/payment/utils/money';
import { loadedOnPayPage, openCheckout } from '@/features/payment/utils/open-checkout';
import { PageFrame } from './page-frame';
import { readApplState } from './appl-state';

/** /appl/pay: the fee with the PayPal surcharge as its own line, the methods the round offers, and the result of the last attempt. */
export function ApplPayPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { applNo } = readApplState(location.state);
  const quote = usePayQuote(applNo);
  const start = useStartPayment();
  const [choice, setChoice] = useState<PayType | ''>('');
  const [error, setError] = useState<string | null>(null);
  // Paying another way while a virtual account awaits its deposit.
  const [replacing, setReplacing] = useState(false);
  const q = quote.data;
  const waiting = q?.current?.result === 'VBANK_ISSUE';

  // PortOne's SDK needs the pay page's CSP, which only a document loaded here has.
  const needsReload = !!q?.options.some((o) => o.provider === 'portone') && !loadedOnPayPage();
  useEffect(() => {
    if (needsReload) window.location.reload();
  }, [needsReload]);

  if (!applNo) return <Navigate to={paths.list.getHref()} replace />;
  const lang = i18n.language;
  const selected = q?.options.find((o) => o.payType === choice) ?? q?.options[0];

  const pay = () => {
    if (!selected) return;
    setError(null);
    start.mutate(
      { applNo, payType: selected.payType, replaceVbank: waiting && replacing },
      {
        onSuccess: async (co) => {
          const out = await openCheckout(co);
          if (out.redirected) return;
          const params = new URLSearchParams({ paymentId: co.paymentId });
          if (out.code) params.set('code', out.code);
          if (out.message) params.set('message', out.message);
          void navigate(`${paths.payMobile.getHref()}?${params.toString()}`, { replace: true });
        },
        onError: (e) => {
          setError(e instanceof ApiError ? (e.fields.payType ?? e.message) : t('pay.loadFailed'));
          void quote.refetch();
        },
      },
    );
  };

  const school = q ? (lang === 'en' ? q.school.eng : q.school.kor) : '';
  const round = q ? (lang === 'en' ? q.round.eng : q.round.kor) : '';
  const last = q?.last;
  return (
    <PageFrame title={t('title.applPay')} testId="appl-pay-page" maxWidth="sm">
      {quote.isPending || needsReload ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : !q ? (
        <Alert severity="error">{t('pay.loadFailed')}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="overline" component="p">{t('pay.application')}</Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="pay-school">{school}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>{round}</Typography>
          {q.testGateway && q.status !== 'COMPLETE' && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="pay-test-mode">{t('pay.testMode')}</Alert>
          )}
          {q.status === 'COMPLETE' ? (
            <>
              <Alert severity="success" sx={{ mb: 2 }} data-testid="pay-paid">{t('pay.paid')}</Alert>
              <Button variant="contained" onClick={() => void navigate(paths.appl.none.getHref(), { replace: true, state: accessState({ applNo, applId: q.applId }) })} data-testid="pay-to-completion">
                {t('pay.toCompletion')}
              </Button>
            </>
          ) : waiting && !replacing && q.current ? (
            <>
              <VbankDetails attempt={q.current} />
              {q.payOpen && (
                <Button variant="outlined" onClick={() => setReplacing(true)} data-testid="pay-replace-vbank">
                  {t('pay.replaceVbank')}
                </Button>
              )}
            </>
          ) : (
            <>
              {waiting && <Alert severity="info" sx={{ mb: 2 }} data-testid="pay-replace-note">{t('pay.replaceVbankNote')}</Alert>}
              {last?.result === 'FAILED' && <Alert severity="warning" sx={{ mb: 2 }} data-testid="pay-declined">{t('pay.declined')}</Alert>}
              {last?.result === 'TIMEOUT' && <Alert severity="warning" sx={{ mb: 2 }} data-testid="pay-timeout">{t('pay.timeout')}</Alert>}
              {q.current?.result === 'PROCEEDING' && <Alert severity="info" sx={{ mb: 2 }}>{t('pay.proceeding')}</Alert>}
              {error && <Alert severity="error" sx={{ mb: 2 }} data-testid="pay-error" role="alert">{error}</Alert>}
              {!q.payOpen ? (
                <Alert severity="info" data-testid="pay-closed">{t('pay.closed')}</Alert>
              ) : (
                <>
                  <FormControl component="fieldset" sx={{ width: '100%' }}>
                    <FormLabel component="legend" sx={{ fontWeight: 700, mb: 1 }}>{t('pay.chooseMethod')}</FormLabel>
                    <RadioGroup value={selected?.payType ?? ''} onChange={(e) => setChoice(e.target.value as PayType)}>
                      {q.options.map((o) => (
                        <FormControlLabel
                          key={o.payType}
                          value={o.payType}
                          control={<Radio />}
                          data-testid={`pay-type-${o.payType}`}
                          label={`${t(`pay.type.${o.payType}`)} · ${formatMoney(o.total, lang)}`}
                          sx={{ minHeight: 44 }}
                        />
                      ))}
                    </RadioGroup>
                  </FormControl>
                  {selected && <FeeLines option={selected} />}
                  {q.deadline && (
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                      {t('pay.deadline', { time: seoulMinute(q.deadline) })}
                    </Typography>
                  )}
                  <Button fullWidth size="large" variant="contained" disabled={!selected || start.isPending} onClick={pay} data-testid="pay-submit">
                    {start.isPending ? t('pay.starting') : t('pay.payNow', { amount: selected ? formatMoney(selected.total, lang) : '' })}
                  </Button>
                </>
              )}
            </>
          )}
        </Paper>
      )}
      <Stack direction="row" sx={{ mt: 2 }}>
        <Button onClick={() => void navigate(paths.list.getHref())} data-testid="pay-to-list">{t('pay.toList')}</Button>
      </Stack>
    </PageFrame>
  );
}

export default ApplPayPage;

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import { seoulMinute } from '@/lib/format';
import type { Attempt } from '../types';
import { formatMoney } from '../utils/money';

/** An issued virtual account: where to deposit, how much, by when. */
export function VbankDetails({ attempt }: { attempt: Attempt }) {
  const { t, i18n } = useTranslation();
  const va = attempt.vbank;
  if (!va) return null;
  const rows: [string, string][] = [
    [t('pay.vbankBank'), va.bank],
    [t('pay.vbankAccount'), va.accountNo],
    [t('pay.vbankHolder'), va.holder],
    [t('pay.vbankAmount'), formatMoney(attempt.total, i18n.language)],
    [t('pay.vbankDue'), `${seoulMinute(va.due)} (KST)`],
  ];
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="vbank-details">
      <AlertTitle>{t('pay.vbankTitle')}</AlertTitle>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 0.5 }, m: 0, mb: 1 }}>
        {rows.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ mt: { xs: 0.75, sm: 0 } }}>{k}</Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere' }}>
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2">{t('pay.vbankMailed')}</Typography>
      {attempt.testPageUrl && (
        <Button href={attempt.testPageUrl} variant="outlined" size="small" sx={{ mt: 1 }} data-testid="vbank-test-deposit">
          {t('pay.vbankTestDeposit')}
        </Button>
      )}
    </Alert>
  );
}

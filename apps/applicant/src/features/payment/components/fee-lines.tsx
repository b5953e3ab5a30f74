import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import type { PayOption } from '../types';
import { formatMoney } from '../utils/money';

/** The fee, the PayPal surcharge as its own line, and the total. */
export function FeeLines({ option }: { option: PayOption }) {
  const { t, i18n } = useTranslation();
  const line = (label: string, value: string, testId: string, strong = false) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5 }} data-testid={testId}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{value}</Typography>
    </Box>
  );
  return (
    <Box sx={{ my: 2 }} aria-live="polite">
      {line(t('pay.fee'), formatMoney(option.fee, i18n.language), 'fee-line')}
      {option.surcharge.amount > 0 && line(t('pay.surcharge'), formatMoney(option.surcharge, i18n.language), 'surcharge-line')}
      <Divider sx={{ my: 0.5 }} />
      {line(t('pay.total'), formatMoney(option.total, i18n.language), 'total-line', true)}
    </Box>
  );
}

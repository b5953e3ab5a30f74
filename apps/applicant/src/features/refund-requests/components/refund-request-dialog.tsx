import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from '@/lib/use-translation';
import { ApiError } from '@/lib/api-client';
import { showToast } from '@/lib/notifications';
import { useRefundForm } from '../api/get-refund-form';
import { useAskRefund } from '../api/ask-refund';
import { BANKS } from '../utils/banks';
import { formatMoney, seoulDate } from '../utils/format';

const MAX_REASON = 1000;

/** The refund request form of one paid application: the payment, the
 * school's refund rule, the reason and, for a virtual account, where the
 * refund goes. Full screen on a phone. */
export function RefundRequestDialog({ applNo, onClose }: { applNo: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const form = useRefundForm(applNo, true);
  const ask = useAskRefund(applNo);
  const [reason, setReason] = useState('');
  const [bank, setBank] = useState('');
  const [holder, setHolder] = useState('');
  const [accountNo, setAccountNo] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const f = form.data;
  const needsAccount = !!f?.needsAccount;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFields({});
    setError('');
    const local: Record<string, string> = {};
    if (!reason.trim()) local.reason = t('refundRequest.reasonRequired');
    if (needsAccount && !bank) local['refundAccount.bank'] = t('refundRequest.bankRequired');
    if (Object.keys(local).length > 0) {
      setFields(local);
      return;
    }
    ask.mutate(
      { reason, refundAccount: needsAccount ? { bank, holder, accountNo } : null },
      {
        onSuccess: () => {
          showToast(t('refundRequest.sent'), 'success');
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError) {
            setFields(err.fields);
            if (Object.keys(err.fields).length === 0 || err.fields.refundAccount) setError(err.message);
          } else {
            setError(t('refundRequest.failed'));
          }
        },
      },
    );
  };

  const loadError = form.error instanceof ApiError ? form.error.message : form.isError ? t('refundRequest.failed') : '';
  const rule = f ? (en ? f.rule.eng : f.rule.kor) : '';
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={`refund-title-${applNo}`} data-testid="refund-dialog">
      <DialogTitle id={`refund-title-${applNo}`}>{t('refundRequest.title')}</DialogTitle>
      <DialogContent dividers>
        {form.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        )}
        {loadError && (
          <Alert severity="warning" data-testid="refund-load-error">
            {loadError}
          </Alert>
        )}
        {f && (
          <Stack spacing={2} component="form" id={`refund-form-${applNo}`} onSubmit={submit} noValidate>
            <Box>
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
                {en ? f.school.eng : f.school.kor}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {en ? f.round.eng : f.round.kor}
                {f.applId ? ` · ${t('refundRequest.examNumber', { id: f.applId })}` : ''}
              </Typography>
              <Typography variant="body2" data-testid="refund-paid">
                {t('refundRequest.paid', { amount: formatMoney(f.paid, i18n.language), date: seoulDate(f.paidAt) })}
              </Typography>
              {f.remaining.amount !== f.paid.amount && (
                <Typography variant="body2">{t('refundRequest.remaining', { amount: formatMoney(f.remaining, i18n.language) })}</Typography>
              )}
            </Box>
            <Box component="section" aria-labelledby={`refund-rule-${applNo}`} sx={{ p: 2, bgcolor: 'action.hover', borderRadius: 1 }}>
              <Typography id={`refund-rule-${applNo}`} variant="subtitle2" component="h3" gutterBottom>
                {t('refundRequest.ruleTitle')}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="refund-rule">
                {rule || t('refundRequest.noRule')}
              </Typography>
              <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
                {t('refundRequest.withdrawalNote')}
              </Typography>
            </Box>
            {f.open ? (
              <Alert severity="info" data-testid="refund-open">
                {t('refundRequest.alreadyOpen')}
              </Alert>
            ) : (
              <>
                <TextField
                  label={t('refundRequest.reason')}
                  name="reason"
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  multiline
                  minRows={3}
                  required
                  fullWidth
                  error={!!fields.reason}
                  helperText={fields.reason ?? t('refundRequest.reasonHelp', { count: reason.length, max: MAX_REASON })}
                  slotProps={{ htmlInput: { maxLength: MAX_REASON, 'data-testid': 'refund-reason' } }}
                />
                {needsAccount && (
                  <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                    <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                      {t('refundRequest.accountTitle')}
                    </Typography>
                    <TextField
                      select
                      label={t('refundRequest.bank')}
                      value={bank}
                      onChange={(e) => setBank(e.target.value)}
                      required
                      fullWidth
                      error={!!fields['refundAccount.bank']}
                      helperText={fields['refundAccount.bank']}
                      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'refund-bank' } }}
                    >
                      <option value="">{t('refundRequest.chooseBank')}</option>
                      {BANKS.map((b) => (
                        <option key={b.code} value={b.code}>
                          {en ? b.en : b.ko}
                        </option>
                      ))}
                    </TextField>
                    <TextField
                      label={t('refundRequest.holder')}
                      value={holder}
                      onChange={(e) => setHolder(e.target.value)}
                      required
                      fullWidth
                      autoComplete="name"
                      error={!!fields['refundAccount.holder']}
                      helperText={fields['refundAccount.holder']}
                      slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'refund-holder' } }}
                    />
                    <TextField
                      label={t('refundRequest.accountNo')}
                      value={accountNo}
                      onChange={(e) => setAccountNo(e.target.value)}
                      required
                      fullWidth
                      error={!!fields['refundAccount.accountNo']}
                      helperText={fields['refundAccount.accountNo'] ?? t('refundRequest.accountNoHelp')}
                      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 30, 'data-testid': 'refund-account-no' } }}
                    />
                  </Stack>
                )}
                {error && (
                  <Alert severity="error" role="alert" data-testid="refund-error">
                    {error}
                  </Alert>
                )}
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} data-testid="refund-close">
          {t('common.close')}
        </Button>
        {f && !f.open && (
          <Button type="submit" form={`refund-form-${applNo}`} variant="contained" disabled={ask.isPending} data-testid="refund-submit">
            {t('refundRequest.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import { ApiError } from '@/lib/api-client';
import { seoulMinute } from '@/lib/format';
import { showToast } from '@/lib/notifications';
import { useRecommendRequests, useRequestActions, type NewRequest, type RecommendRequest } from '../api/requests';
import { RecommendStatusChip } from './status-chip';

const EMPTY: NewRequest = { profName: '', email: '', phone: '', institution: '', position: '', locale: 'ko' };

/** /appl/recommend/request/list: the applicant's requests, their status and mail, and the request form. */
export function RequestList({ applNo }: { applNo: number }) {
  const { t } = useTranslation();
  const q = useRecommendRequests(applNo);
  if (q.isPending) return <CircularProgress aria-label={t('common.loading')} />;
  if (q.isError || !q.data) return <Alert severity="error">{t('recommend.loadFailed')}</Alert>;
  const d = q.data;
  return (
    <Stack spacing={3}>
      <Alert severity="info" data-testid="recommend-letters">
        {t('recommend.lettersAsked', { letters: d.letters, count: d.list.length })}
        {d.deadline && <> {t('recommend.writeDeadline', { time: seoulMinute(d.deadline) })}</>}
        <br />
        {t('recommend.confidential')}
      </Alert>
      {d.list.length === 0 && <Typography color="text.secondary">{t('recommend.none')}</Typography>}
      {d.list.map((r) => (
        <RequestCard key={r.reqNo} applNo={applNo} r={r} open={d.windowOpen} />
      ))}
      {d.canRequest && <RequestForm applNo={applNo} />}
      {d.windowMessage && <Alert severity="warning" data-testid="recommend-window">{d.windowMessage}</Alert>}
    </Stack>
  );
}

function MailLine({ r }: { r: RecommendRequest }) {
  const { t } = useTranslation();
  if (r.mailRefusedAt)
    return (
      <Typography variant="body2" color="error" data-testid="recommend-mail">
        {t('recommend.mailRefused', { time: seoulMinute(r.mailRefusedAt) })} {r.mailError}
      </Typography>
    );
  if (r.mailSentAt)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="recommend-mail">
        {t('recommend.mailSent', { time: seoulMinute(r.mailSentAt) })}
      </Typography>
    );
  return (
    <Typography variant="body2" color="text.secondary" data-testid="recommend-mail">
      {t('recommend.mailPending')}
    </Typography>
  );
}

function RequestCard({ applNo, r, open }: { applNo: number; r: RecommendRequest; open: boolean }) {
  const { t } = useTranslation();
  const act = useRequestActions(applNo);
  const [confirm, setConfirm] = useState(false);
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState(r.email);
  const [emailError, setEmailError] = useState<string>();
  const busy = act.resend.isPending || act.email.isPending || act.cancel.isPending;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="recommend-request" data-email={r.email}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mr: 1 }}>
          {r.profName}
        </Typography>
        <RecommendStatusChip status={r.status} />
      </Stack>
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {r.email} · {r.institution} · {r.position}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('recommend.mailLanguage', { lang: t(`recommend.lang.${r.locale}`) })}
        {r.submittedAt && ` · ${t('recommend.submittedAt', { time: seoulMinute(r.submittedAt) })}`}
      </Typography>
      <MailLine r={r} />
      {editing && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <TextField
            size="small"
            label={t('recommend.field.email')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={!!emailError}
            helperText={emailError ?? t('recommend.emailChangeHelp')}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'recommend-email-input', inputMode: 'email' } }}
          />
          <Button
            variant="contained"
            disabled={busy}
            onClick={() =>
              act.email.mutate(
                { reqNo: r.reqNo, email },
                {
                  onSuccess: () => {
                    setEditing(false);
                    showToast(t('recommend.emailChanged'), 'success');
                  },
                  onError: (e) => setEmailError(e instanceof ApiError ? e.fields.email ?? e.message : undefined),
                },
              )
            }
            data-testid="recommend-email-save"
          >
            {t('recommend.emailSave')}
          </Button>
        </Stack>
      )}
      {open && r.status !== '00040' && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Button size="small" variant="outlined" disabled={busy} onClick={() => act.resend.mutate(r.reqNo, { onSuccess: () => showToast(t('recommend.resent'), 'success') })} data-testid="recommend-resend">
            {t('recommend.resend')}
          </Button>
          {r.emailEditable && !editing && (
            <Button size="small" variant="outlined" onClick={() => setEditing(true)} data-testid="recommend-email-edit">
              {t('recommend.emailEdit')}
            </Button>
          )}
          {r.cancellable && (
            <Button size="small" variant="outlined" color="error" onClick={() => setConfirm(true)} data-testid="recommend-cancel">
              {t('recommend.cancel')}
            </Button>
          )}
        </Stack>
      )}
      {(r.status === '00020' || r.status === '00030') && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('recommend.cancelViaSupport')}
        </Typography>
      )}
      <Dialog open={confirm} onClose={() => setConfirm(false)}>
        <DialogTitle>{t('recommend.cancelTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('recommend.cancelBody', { name: r.profName })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{t('common.close')}</Button>
          <Button
            color="error"
            disabled={busy}
            onClick={() => act.cancel.mutate(r.reqNo, { onSuccess: () => { setConfirm(false); showToast(t('recommend.cancelled'), 'success'); } })}
            data-testid="recommend-cancel-confirm"
          >
            {t('recommend.cancel')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function RequestForm({ applNo }: { applNo: number }) {
  const { t } = useTranslation();
  const act = useRequestActions(applNo);
  const [v, setV] = useState<NewRequest>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: keyof NewRequest, required: boolean, type = 'text') => (
    <TextField
      label={t(`recommend.field.${name}`)}
      required={required}
      type={type}
      value={v[name]}
      onChange={(e) => setV({ ...v, [name]: e.target.value })}
      error={!!errors[name]}
      helperText={errors[name]}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `recommend-field-${name}`, ...(type === 'email' ? { inputMode: 'email', autoComplete: 'off' } : {}) } }}
    />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    act.create.mutate(v, {
      onSuccess: () => {
        setV(EMPTY);
        setErrors({});
        showToast(t('recommend.requested'), 'success');
      },
      onError: (err) => setErrors(err instanceof ApiError ? err.fields : {}),
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={submit} noValidate data-testid="recommend-form">
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('recommend.newRequest')}
      </Typography>
      <Stack spacing={2}>
        {field('profName', true)}
        {field('email', true, 'email')}
        {field('phone', false, 'tel')}
        {field('institution', true)}
        {field('position', true)}
        <TextField
          select
          label={t('recommend.field.locale')}
          value={v.locale}
          onChange={(e) => setV({ ...v, locale: e.target.value as 'ko' | 'en' })}
          helperText={t('recommend.localeHelp')}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'recommend-field-locale' } as object } }}
        >
          <MenuItem value="ko">{t('recommend.lang.ko')}</MenuItem>
          <MenuItem value="en">{t('recommend.lang.en')}</MenuItem>
        </TextField>
        <Box>
          <Button type="submit" variant="contained" disabled={act.create.isPending} data-testid="recommend-send">
            {t('recommend.send')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

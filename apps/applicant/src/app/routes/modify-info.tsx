import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { keepsPasswordRule, useFormRules } from '@/lib/form-rules';
import { saveBlob } from '@/lib/download';
import { seoulMinute } from '@/lib/format';
import { showToast } from '@/lib/notifications';
import { clearUser, setUser } from '@/lib/session';
import {
  changeEmail,
  changePassword,
  exportMyData,
  getMyInfo,
  savePhone,
  sendEmailChangeCode,
  withdraw,
  type MyInfo,
} from '@/features/account/api/account';
import { Field, FormAlert, useServerErrors } from '@/features/account/components/fields';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /user/modify/info: reached from /user/confirm/pwd with a ticket in router state. */
export function ModifyInfoPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const ticket = (location.state as { ticket?: string } | null)?.ticket;
  const [info, setInfo] = useState<MyInfo | null>(null);

  // A stale ticket (expired, or sessions revoked) goes back to the password.
  const expired = (e: unknown) => {
    if (e instanceof ApiError && e.code === 'account.ticket_required') {
      showToast(t('myInfo.expired'), 'warning');
      navigate(paths.user.confirmPwd.getHref('MODIPY'), { replace: true });
      return true;
    }
    return false;
  };

  useEffect(() => {
    if (!ticket) return;
    getMyInfo(ticket).then(setInfo, (e) => {
      if (!expired(e)) showToast(e instanceof Error ? e.message : t('error.server'), 'error');
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ticket]);

  if (!ticket) return <Navigate to={paths.user.confirmPwd.getHref('MODIPY')} replace />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t('myInfo.title')}
      </Typography>
      {!info ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </Box>
      ) : (
        <Stack spacing={3}>
          <Section title={t('myInfo.account')} testId="info-account">
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
              <Typography component="dt" color="text.secondary">
                {t('myInfo.userId')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} data-testid="info-userId">
                {info.userId}
              </Typography>
              <Typography component="dt" color="text.secondary">
                {t('myInfo.joined')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {seoulMinute(info.createdAt)}
              </Typography>
              <Typography component="dt" color="text.secondary">
                {t('myInfo.lastLogin')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {seoulMinute(info.lastLoginAt)}
              </Typography>
            </Box>
            <ExportButton ticket={ticket} expired={expired} />
          </Section>
          <EmailSection ticket={ticket} info={info} onChanged={(email) => setInfo({ ...info, email })} expired={expired} />
          <PhoneSection ticket={ticket} info={info} expired={expired} />
          <PasswordSection ticket={ticket} expired={expired} />
          <LeaveSection ticket={ticket} expired={expired} />
        </Stack>
      )}
    </Container>
  );
}

type Props = { ticket: string; expired: (e: unknown) => boolean };

/** Everything held about the member, as a ZIP (JSON and the uploaded files). */
function ExportButton({ ticket, expired }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await exportMyData(ticket));
    } catch (e) {
      if (!expired(e)) showToast(e instanceof Error && e.message ? e.message : t('error.downloadFailed'), 'warning');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Button variant="outlined" onClick={download} disabled={busy} data-testid="info-export"
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : undefined}>
        {t('myInfo.myData')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('myInfo.myDataHelp')}
      </Typography>
    </Box>
  );
}

function EmailSection({ ticket, info, onChanged, expired }: Props & { info: MyInfo; onChanged: (email: string) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = useServerErrors();

  const send = async () => {
    errors.clear();
    if (!email.trim()) return errors.setFields({ email: t('validation.required') });
    setBusy(true);
    try {
      await sendEmailChangeCode(ticket, email.trim());
      setSentTo(email.trim());
    } catch (e) {
      if (!expired(e)) errors.take(e, ['email']);
    } finally {
      setBusy(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo) return send();
    errors.clear();
    setBusy(true);
    try {
      const res = await changeEmail(ticket, sentTo, code.trim());
      onChanged(res.email);
      showToast(res.message, 'success');
      setEmail('');
      setCode('');
      setSentTo(null);
    } catch (err) {
      if (!expired(err)) errors.take(err, ['code', 'email']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={t('myInfo.emailSection')} testId="info-email">
      <Typography sx={{ mb: 2 }}>
        {t('myInfo.currentEmail')}: <strong data-testid="info-current-email">{info.email}</strong>
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Field
            label={t('myInfo.newEmail')}
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setSentTo(null);
            }}
            autoComplete="email"
            testId="info-new-email"
            error={errors.fields.email}
          />
          <Button variant="outlined" onClick={send} disabled={busy} sx={{ flexShrink: 0, minHeight: 56 }} data-testid="info-send-code">
            {t('myInfo.sendCode')}
          </Button>
        </Stack>
        {sentTo && (
          <>
            <FormAlert severity="info" testId="info-code-sent">
              {t('myInfo.codeSent', { email: sentTo })}
            </FormAlert>
            <Field
              label={t('myInfo.code')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              testId="info-code"
              error={errors.fields.code}
            />
            <Button type="submit" variant="contained" disabled={busy || !code.trim()} data-testid="info-change-email">
              {t('myInfo.changeEmail')}
            </Button>
          </>
        )}
        {errors.failure && <FormAlert testId="info-email-error">{errors.failure}</FormAlert>}
      </Stack>
    </Section>
  );
}

function PhoneSection({ ticket, info, expired }: Props & { info: MyInfo }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState(info.phone);
  const [busy, setBusy] = useState(false);
  const errors = useServerErrors();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    errors.clear();
    setBusy(true);
    try {
      const res = await savePhone(ticket, phone);
      setPhone(res.phone);
      showToast(res.message, 'success');
    } catch (err) {
      if (!expired(err)) errors.take(err, ['phone']);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={t('myInfo.phoneSection')} testId="info-phone">
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        <Field
          label={t('myInfo.phone')}
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          autoComplete="tel"
          helperText={t('myInfo.phoneHelp')}
          testId="info-phone-input"
          error={errors.fields.phone}
        />
        {errors.failure && <FormAlert testId="info-phone-error">{errors.failure}</FormAlert>}
        <Box>
          <Button type="submit" variant="contained" disabled={busy} data-testid="info-save-phone">
            {t('myInfo.save')}
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}

function PasswordSection({ ticket, expired }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const errors = useServerErrors();
  const passwordRule = useFormRules().data?.password;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    errors.clear();
    const l: Record<string, string> = {};
    if (!current) l.currentPassword = t('validation.required');
    if (!next || !keepsPasswordRule(passwordRule, next)) l.newPassword = t('validation.passwordRule');
    if (again !== next) l.again = t('validation.passwordMismatch');
    setLocal(l);
    if (Object.keys(l).length) return;
    setBusy(true);
    try {
      const res = await changePassword(ticket, current, next);
      if (res.user) setUser({ ...res.user, roles: res.user.roles ?? [] });
      showToast(res.message, 'success');
      // The ticket died with the old sessions: the next change asks for the password again.
      navigate(paths.user.confirmPwd.getHref('MODIPY'), { replace: true });
    } catch (err) {
      if (!expired(err)) errors.take(err, ['currentPassword', 'newPassword']);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={t('myInfo.passwordSection')} testId="info-password">
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        <Field
          label={t('myInfo.currentPassword')}
          type="password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          autoComplete="current-password"
          testId="info-current-password"
          error={local.currentPassword ?? errors.fields.currentPassword}
        />
        <Field
          label={t('myInfo.newPassword')}
          type="password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          autoComplete="new-password"
          helperText={t('validation.passwordRule')}
          testId="info-new-password"
          error={local.newPassword ?? errors.fields.newPassword}
        />
        <Field
          label={t('myInfo.newPasswordConfirm')}
          type="password"
          value={again}
          onChange={(e) => setAgain(e.target.value)}
          autoComplete="new-password"
          testId="info-new-password-confirm"
          error={local.again}
        />
        {errors.failure && <FormAlert testId="info-password-error">{errors.failure}</FormAlert>}
        <Box>
          <Button type="submit" variant="contained" disabled={busy} data-testid="info-change-password">
            {t('myInfo.changePassword')}
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}

function LeaveSection({ ticket, expired }: Props) {
  const { t } = useTranslation();
  const [agreed, setAgreed] = useState(false);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const leave = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const res = await withdraw(ticket);
      // The guard of this page then sends it home, not to the login page.
      clearUser({ goTo: paths.home.getHref() });
      showToast(res?.message ?? '', 'success');
    } catch (e) {
      setOpen(false);
      if (!expired(e)) setFailure(e instanceof Error ? e.message : t('error.server'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={t('myInfo.leaveSection')} testId="info-leave-section">
      <Typography sx={{ mb: 1 }}>{t('myInfo.leaveIntro')}</Typography>
      <Box component="ul" sx={{ mt: 0, pl: 3 }}>
        <li>{t('myInfo.leave1')}</li>
        <li>{t('myInfo.leave2')}</li>
        <li>{t('myInfo.leave3')}</li>
      </Box>
      <FormControlLabel
        control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} slotProps={{ input: { 'data-testid': 'info-leave-agree' } as object }} />}
        label={t('myInfo.leaveConfirm')}
      />
      {failure && (
        <Box sx={{ my: 1 }}>
          <FormAlert testId="info-leave-error">{failure}</FormAlert>
        </Box>
      )}
      <Box sx={{ mt: 1 }}>
        <Button color="error" variant="outlined" disabled={!agreed || busy} onClick={() => setOpen(true)} data-testid="info-leave">
          {t('myInfo.leaveButton')}
        </Button>
      </Box>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="leave-title">
        <DialogTitle id="leave-title">{t('myInfo.leaveDialogTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('myInfo.leaveDialogBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('myInfo.cancel')}</Button>
          <Button color="error" variant="contained" onClick={leave} disabled={busy} data-testid="info-leave-confirm">
            {t('myInfo.leaveButton')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}

export default ModifyInfoPage;

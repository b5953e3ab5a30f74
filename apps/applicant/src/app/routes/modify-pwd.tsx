import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { keepsPasswordRule, useFormRules } from '@/lib/form-rules';
import { showToast } from '@/lib/notifications';
import { clearUser } from '@/lib/session';
import { checkReset, resetPassword, type ResetLink } from '@/features/account/api/account';
import { Field, FormAlert, useServerErrors } from '@/features/account/components/fields';
import { AuthCard } from './auth-layout';

/** /user/modify/pwd/{userId}/{expireDate}/{hash}: the mailed reset link. */
export function ModifyPwdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userId = '', expireDate = '', hash = '' } = useParams();
  const link: ResetLink = { userId, expireDate, hash };
  const [state, setState] = useState<'checking' | 'valid' | 'invalid'>('checking');
  const [invalidText, setInvalidText] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const errors = useServerErrors();
  const passwordRule = useFormRules().data?.password;

  useEffect(() => {
    checkReset({ userId, expireDate, hash }).then(
      () => setState('valid'),
      (e: Error) => {
        setInvalidText(e.message);
        setState('invalid');
      },
    );
  }, [userId, expireDate, hash]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    errors.clear();
    const l: Record<string, string> = {};
    if (!password || !keepsPasswordRule(passwordRule, password)) l.password = t('validation.passwordRule');
    if (confirm !== password) l.passwordConfirm = t('validation.passwordMismatch');
    setLocal(l);
    if (Object.keys(l).length) return;
    setBusy(true);
    try {
      const res = await resetPassword(link, password);
      clearUser();
      showToast(res?.message ?? '', 'success');
      navigate(paths.user.login.getHref(), { replace: true });
    } catch (err) {
      errors.take(err, ['password']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('reset.title')}>
      {state === 'checking' && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 2 }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('reset.checking')}</Typography>
        </Box>
      )}
      {state === 'invalid' && (
        <Stack spacing={2}>
          <FormAlert testId="reset-invalid">{invalidText || t('reset.invalid')}</FormAlert>
          <Button component={RouterLink} to={paths.user.findPwd.getHref()} variant="contained">
            {t('reset.again')}
          </Button>
        </Stack>
      )}
      {state === 'valid' && (
        <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="reset-form">
          <Typography color="text.secondary">{t('reset.intro', { userId })}</Typography>
          <input type="text" name="username" autoComplete="username" value={userId} readOnly hidden />
          <Field
            label={t('reset.password')}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            required
            testId="reset-password"
            helperText={t('validation.passwordRule')}
            error={local.password ?? errors.fields.password}
          />
          <Field
            label={t('reset.passwordConfirm')}
            type="password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            autoComplete="new-password"
            required
            testId="reset-password-confirm"
            error={local.passwordConfirm}
          />
          {errors.failure && <FormAlert testId="reset-error">{errors.failure}</FormAlert>}
          <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
        </Stack>
      )}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.user.login.getHref()}>
          {t('find.toLogin')}
        </Link>
      </Box>
    </AuthCard>
  );
}

export default ModifyPwdPage;

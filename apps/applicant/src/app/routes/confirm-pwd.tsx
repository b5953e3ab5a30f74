import { useEffect, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/session';
import { showToast } from '@/lib/notifications';
import { confirmPassword } from '@/features/account/api/account';
import { Field, FormAlert, useServerErrors } from '@/features/account/components/fields';
import { AuthCard } from './auth-layout';

/** /user/confirm/pwd?type=MODIPY: the password again, then My Info with the ticket in router state. */
export function ConfirmPwdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const [params] = useSearchParams();
  const [password, setPassword] = useState('');
  const [required, setRequired] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const errors = useServerErrors();
  const wrongType = params.get('type') !== 'MODIPY';
  useEffect(() => {
    if (wrongType) showToast(t('error.incorrectApproach'), 'warning');
  }, [wrongType, t]);
  if (wrongType) return <Navigate to={paths.home.getHref()} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    errors.clear();
    setRequired(password ? undefined : t('validation.required'));
    if (!password) return;
    setBusy(true);
    try {
      const tk = await confirmPassword(password);
      navigate(paths.user.modifyInfo.getHref(), { replace: true, state: { ticket: tk.ticket } });
    } catch (err) {
      errors.take(err, ['password']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('confirmPwd.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('confirmPwd.intro')}
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="confirm-pwd-form">
        <input type="text" name="username" autoComplete="username" value={user?.userId ?? ''} readOnly hidden />
        <Field
          label={t('confirmPwd.password')}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          autoFocus
          required
          testId="confirm-password"
          error={required ?? errors.fields.password}
        />
        {errors.failure && <FormAlert testId="confirm-error">{errors.failure}</FormAlert>}
        <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="confirm-submit">
          {t('confirmPwd.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}

export default ConfirmPwdPage;

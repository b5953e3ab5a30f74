import { useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { AltchaWidget, type AltchaHandle } from '@/components/altcha/altcha-widget';
import { findId, findPwd } from '@/features/account/api/account';
import { Field, FormAlert, useServerErrors } from '@/features/account/components/fields';
import { AuthCard } from './auth-layout';

/** /user/find/id and /user/find/pwd: one form, the password variant asks for the user id too. */
export function FindPage({ mode }: { mode: 'id' | 'pwd' }) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState('');
  const [email, setEmail] = useState('');
  const [altcha, setAltcha] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [required, setRequired] = useState<Record<string, string>>({});
  const widget = useRef<AltchaHandle>(null);
  const errors = useServerErrors();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    errors.clear();
    setSent(null);
    const missing: Record<string, string> = {};
    if (mode === 'pwd' && !userId.trim()) missing.userId = t('validation.required');
    if (!email.trim()) missing.email = t('validation.required');
    setRequired(missing);
    if (Object.keys(missing).length > 0 || !altcha) return;
    setBusy(true);
    try {
      const res = mode === 'id' ? await findId(email.trim(), altcha) : await findPwd(userId.trim(), email.trim(), altcha);
      setSent(res?.message ?? '');
    } catch (err) {
      errors.take(err, ['userId', 'email', 'altcha']);
    } finally {
      setBusy(false);
      setAltcha(null);
      widget.current?.reset();
    }
  };

  return (
    <AuthCard title={t(mode === 'id' ? 'find.idTitle' : 'find.pwdTitle')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(mode === 'id' ? 'find.idIntro' : 'find.pwdIntro')}
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid={`find-${mode}-form`}>
        {mode === 'pwd' && (
          <Field
            label={t('find.userId')}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            autoComplete="username"
            required
            testId="find-userId"
            error={required.userId ?? errors.fields.userId}
          />
        )}
        <Field
          label={t('find.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          required
          testId="find-email"
          error={required.email ?? errors.fields.email}
        />
        <AltchaWidget ref={widget} onChange={setAltcha} />
        {errors.fields.altcha && <FormAlert testId="find-altcha-error">{errors.fields.altcha}</FormAlert>}
        {errors.failure && <FormAlert testId="find-error">{errors.failure}</FormAlert>}
        {sent && (
          <FormAlert severity="success" testId="find-sent">
            {sent}
          </FormAlert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={busy || !altcha} data-testid="find-submit">
          {t(mode === 'id' ? 'find.sendId' : 'find.sendLink')}
        </Button>
      </Stack>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3, justifyContent: 'center' }}>
        <Link component={RouterLink} to={paths.user.login.getHref()}>
          {t('find.toLogin')}
        </Link>
        <Link component={RouterLink} to={(mode === 'id' ? paths.user.findPwd : paths.user.findId).getHref()}>
          {t(mode === 'id' ? 'find.toFindPwd' : 'find.toFindId')}
        </Link>
      </Box>
    </AuthCard>
  );
}

export function FindIdPage() {
  return <FindPage mode="id" />;
}

export default FindIdPage;

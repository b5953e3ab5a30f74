import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '@/lib/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from '@/lib/use-translation';
import { AltchaWidget, type AltchaHandle } from '@/components/altcha/altcha-widget';
import { ApiError } from '@/lib/api-client';
import { fieldErrorText } from '@/lib/form-errors';
import { useLogin } from '../api/login';

const loginSchema = z.object({
  userId: z.string().trim().min(1, 'validation.required'),
  password: z.string().min(1, 'validation.required'),
});
type LoginValues = z.infer<typeof loginSchema>;

function isCaptchaRequired(error: unknown): boolean {
  return error instanceof ApiError && (error.body.captchaRequired === true || error.code === 'captcha.required');
}

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [altcha, setAltcha] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const widget = useRef<AltchaHandle>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { userId: '', password: '' } });

  const reg = (name: keyof LoginValues) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref };
  };

  const submit = (values: LoginValues) => {
    setFailure(null);
    login.mutate(
      { userId: values.userId.trim(), password: values.password, ...(altcha ? { altcha } : {}) },
      {
        onSuccess,
        onError: (error) => {
          setFailure(error instanceof ApiError ? error.message : t('error.server'));
          if (isCaptchaRequired(error)) setCaptchaRequired(true);
          if (captchaRequired) widget.current?.reset();
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(e) => void handleSubmit(submit)(e)} data-testid="login-form">
      <TextField
        {...reg('userId')}
        label={t('login.userId')}
        autoComplete="username"
        autoFocus
        fullWidth
        error={!!errors.userId}
        helperText={fieldErrorText(t, errors.userId)}
        slotProps={{ htmlInput: { 'data-testid': 'login-userId' } }}
      />
      <TextField
        {...reg('password')}
        type="password"
        label={t('login.password')}
        autoComplete="current-password"
        fullWidth
        error={!!errors.password}
        helperText={fieldErrorText(t, errors.password)}
        slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
      />
      {failure && (
        <Alert severity="error" role="alert" data-testid="login-error">
          {failure}
        </Alert>
      )}
      {captchaRequired && (
        <>
          <Alert severity="info" data-testid="login-captcha-notice">
            {t('login.captchaNotice')}
          </Alert>
          <AltchaWidget ref={widget} onChange={setAltcha} />
        </>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        data-testid="login-submit"
        disabled={login.isPending || (captchaRequired && !altcha)}
      >
        {t('login.submit')}
      </Button>
    </Stack>
  );
}

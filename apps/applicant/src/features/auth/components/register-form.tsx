import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import { AltchaWidget, type AltchaHandle } from '@/components/altcha/altcha-widget';
import { applyServerFieldErrors, fieldErrorText } from '@/lib/form-errors';
import { ApiError } from '@/lib/api-client';
import { showToast } from '@/lib/notifications';
import { useFormRules, type FormRules } from '@/lib/form-rules';
import { signUpSchema, useSignUp, type SignUpForm } from '../api/sign-up';
import { useCheckId } from '../api/check-id';
import { useSendEmailCode } from '../api/email-code';
import type { Agreements } from './agree-form';

const FORM_FIELDS = ['userId', 'email', 'code', 'password', 'passwordConfirm'] as const;

type RegisterProps = { agreements: Agreements; onSuccess: () => void };

/** Sign-up: the user-id and password rules come from the server before the form opens. */
export function RegisterForm(props: RegisterProps) {
  const { t } = useTranslation();
  const rules = useFormRules();
  if (!rules.data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        {rules.isError ? (
          <Button onClick={() => void rules.refetch()}>{t('form.retry')}</Button>
        ) : (
          <CircularProgress size={28} aria-label={t('common.loading')} />
        )}
      </Box>
    );
  }
  return <RegisterFields {...props} rules={rules.data} />;
}

function RegisterFields({ agreements, onSuccess, rules }: RegisterProps & { rules: FormRules }) {
  const { t } = useTranslation();
  const schema = useMemo(() => signUpSchema(rules), [rules]);
  const signUp = useSignUp();
  const checkId = useCheckId();
  const sendCode = useSendEmailCode();
  const [altcha, setAltcha] = useState<string | null>(null);
  const [idAvailableFor, setIdAvailableFor] = useState<string | null>(null);
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const widget = useRef<AltchaHandle>(null);

  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    trigger,
    getValues,
    watch,
    formState: { errors },
  } = useForm<SignUpForm>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { userId: '', email: '', code: '', password: '', passwordConfirm: '' },
  });

  const reg = (name: keyof SignUpForm) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref };
  };

  const userId = watch('userId');
  const email = watch('email');

  const onCheckId = async () => {
    if (!(await trigger('userId'))) return;
    const value = getValues('userId').trim();
    checkId.mutate(value, {
      onSuccess: (res) => {
        if (res?.available) {
          clearErrors('userId');
          setIdAvailableFor(value);
        } else {
          setIdAvailableFor(null);
          setError('userId', { type: 'server', message: t('register.idTaken') });
        }
      },
      onError: (error) => {
        setIdAvailableFor(null);
        applyServerFieldErrors(error, setError, FORM_FIELDS);
      },
    });
  };

  const onSendCode = async () => {
    if (!(await trigger('email'))) return;
    const value = getValues('email').trim();
    if (!altcha) return; // the button waits for a solved captcha
    sendCode.mutate(
      { email: value, altcha },
      {
        onSuccess: (res) => {
          setCodeSentTo(value);
          showToast(res?.message || t('register.mailSent'), 'success');
        },
        onError: (error) => {
          setCodeSentTo(null);
          applyServerFieldErrors(error, setError, FORM_FIELDS);
        },
        // a captcha payload is single-use: solve a new one for the sign-up
        onSettled: () => widget.current?.reset(),
      },
    );
  };

  const onSubmit = handleSubmit((values) => {
    if (!altcha) {
      showToast(t('register.captchaRequired'), 'warning');
      return;
    }
    signUp.mutate(
      {
        userId: values.userId.trim(),
        email: values.email.trim(),
        password: values.password,
        code: values.code.trim(),
        agreeTerms: agreements.agreeTerms,
        agreePrivacy: agreements.agreePrivacy,
        altcha,
      },
      {
        onSuccess: () => {
          showToast(t('register.success'), 'success');
          onSuccess();
        },
        onError: (error) => {
          if (error instanceof ApiError) applyServerFieldErrors(error, setError, FORM_FIELDS);
          // a captcha payload is single-use
          widget.current?.reset();
        },
      },
    );
  });

  const idOk = idAvailableFor !== null && idAvailableFor === userId.trim() && !errors.userId;
  const mailOk = codeSentTo !== null && codeSentTo === email.trim() && !errors.email;

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} data-testid="register-form">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          {...reg('userId')}
          label={t('register.userId')}
          autoComplete="username"
          required
          fullWidth
          error={!!errors.userId}
          color={idOk ? 'success' : undefined}
          helperText={
            (errors.userId?.type === 'server' ? errors.userId.message : errors.userId?.message && t(errors.userId.message, { min: rules.userId.minLength, max: rules.userId.maxLength })) ?? (idOk ? t('register.idAvailable') : t('register.userIdHint', { min: rules.userId.minLength, max: rules.userId.maxLength }))
          }
          slotProps={{ formHelperText: { 'data-testid': 'userId-helper' } as object }}
        />
        <Button
          variant="outlined"
          data-testid="check-id"
          onClick={onCheckId}
          disabled={checkId.isPending}
          sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap', flexShrink: 0, width: { xs: '100%', sm: 'auto' } }}
        >
          {t('register.checkId')}
        </Button>
      </Box>

      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          {...reg('email')}
          type="email"
          label={t('register.email')}
          autoComplete="email"
          required
          fullWidth
          error={!!errors.email}
          color={mailOk ? 'success' : undefined}
          helperText={fieldErrorText(t, errors.email) ?? (mailOk ? t('register.mailSent') : undefined)}
          slotProps={{ formHelperText: { 'data-testid': 'email-helper' } as object }}
        />
        <Button
          variant="outlined"
          data-testid="send-code"
          onClick={onSendCode}
          disabled={sendCode.isPending || !altcha}
          sx={{ mt: { sm: 1 }, whiteSpace: 'nowrap', flexShrink: 0, width: { xs: '100%', sm: 'auto' } }}
        >
          {t('register.sendCode')}
        </Button>
      </Box>

      <TextField
        {...reg('code')}
        label={t('register.code')}
        autoComplete="one-time-code"
        required
        fullWidth
        error={!!errors.code}
        helperText={fieldErrorText(t, errors.code) ?? t('register.codeHint')}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 }, formHelperText: { 'data-testid': 'code-helper' } as object }}
      />

      <TextField
        {...reg('password')}
        type="password"
        label={t('register.password')}
        autoComplete="new-password"
        required
        fullWidth
        error={!!errors.password}
        helperText={fieldErrorText(t, errors.password) ?? t('register.passwordHint')}
        slotProps={{ htmlInput: { maxLength: 16 }, formHelperText: { 'data-testid': 'password-helper' } as object }}
      />
      <TextField
        {...reg('passwordConfirm')}
        type="password"
        label={t('register.passwordConfirm')}
        autoComplete="new-password"
        required
        fullWidth
        error={!!errors.passwordConfirm}
        helperText={fieldErrorText(t, errors.passwordConfirm)}
        slotProps={{ htmlInput: { maxLength: 16 }, formHelperText: { 'data-testid': 'passwordConfirm-helper' } as object }}
      />

      <AltchaWidget ref={widget} onChange={setAltcha} />
      {!altcha && (
        <Typography variant="caption" color="text.secondary">
          {t('register.captchaRequired')}
        </Typography>
      )}

      <Button
        type="submit"
        variant="contained"
        size="large"
        data-testid="register-submit"
        disabled={!altcha || signUp.isPending}
      >
        {t('register.submit')}
      </Button>
    </Stack>
  );
}

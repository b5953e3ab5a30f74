import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from '@/lib/use-translation';
import { AltchaWidget, type AltchaHandle } from '@/components/altcha/altcha-widget';
import { ApiError } from '@/lib/api-client';
import { showToast } from '@/lib/notifications';
import { useLookupExamNumber } from '../api/lookup-exam-number';

// Kept free of form/schema libraries: this form is on the home page's first load.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Exam-number lookup: the number is mailed to the address, never shown here. */
export function ExamNumberLookup() {
  const { t } = useTranslation();
  const lookup = useLookupExamNumber();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<{ key?: string; text?: string } | null>(null);
  const [showCaptcha, setShowCaptcha] = useState(false);
  const [altcha, setAltcha] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const widget = useRef<AltchaHandle>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return setError({ key: 'validation.required' });
    if (!EMAIL_PATTERN.test(value)) return setError({ key: 'validation.emailFormat' });
    setError(null);
    setAnswer(null);
    lookup.mutate(
      { email: value, ...(altcha ? { altcha } : {}) },
      {
        onSuccess: (res) => setAnswer(res?.message ?? ''),
        onError: (err) => {
          if (err instanceof ApiError && err.fields.email) setError({ text: err.fields.email });
          // 404 is not toasted by the API client; say something rather than nothing
          else if (err instanceof ApiError && err.status === 404) showToast(err.message, 'warning');
          widget.current?.reset();
        },
      },
    );
  };

  const helper = error ? (error.text ?? (error.key ? t(error.key) : undefined)) : undefined;

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} data-testid="exam-lookup-form">
      <TextField
        name="email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        onFocus={() => setShowCaptcha(true)}
        label={t('home.examEmail')}
        autoComplete="email"
        fullWidth
        error={!!error}
        helperText={helper}
        slotProps={{ htmlInput: { 'data-testid': 'exam-lookup-email' } }}
      />
      {showCaptcha && <AltchaWidget ref={widget} onChange={setAltcha} />}
      <Button
        type="submit"
        variant="outlined"
        data-testid="exam-lookup-submit"
        disabled={lookup.isPending || (showCaptcha && !altcha)}
      >
        {t('home.examSubmit')}
      </Button>
      {answer && (
        <Alert severity="info" data-testid="exam-lookup-result" role="status">
          {answer}
        </Alert>
      )}
    </Stack>
  );
}

import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from '@/lib/use-translation';
import { ApiError } from '@/lib/api-client';

/** Server answers of one form: the field errors (already localised) and
 * the message for the whole form. */
export function useServerErrors() {
  const { t } = useTranslation();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  return {
    fields,
    failure,
    clear: () => {
      setFields({});
      setFailure(null);
    },
    take: (e: unknown, shownFields: string[]) => {
      if (e instanceof ApiError) {
        const mine = Object.fromEntries(Object.entries(e.fields).filter(([k]) => shownFields.includes(k)));
        setFields(mine);
        setFailure(Object.keys(mine).length === Object.keys(e.fields).length && Object.keys(mine).length > 0 ? null : e.message);
      } else {
        setFailure(t('error.server'));
      }
    },
    setFields,
  };
}

/** A text field whose error text comes from the server or from the form. */
export function Field({ testId, error, ...props }: Omit<TextFieldProps, 'error'> & { testId: string; error?: string }) {
  return (
    <TextField
      fullWidth
      {...props}
      error={!!error}
      helperText={error ?? props.helperText}
      slotProps={{ ...props.slotProps, htmlInput: { 'data-testid': testId } }}
    />
  );
}

export function FormAlert({ children, testId, severity = 'error' }: { children: ReactNode; testId: string; severity?: 'error' | 'success' | 'info' }) {
  return (
    <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </Alert>
  );
}

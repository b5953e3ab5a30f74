import type { ReactNode } from 'react';
import TextField from '@mui/material/TextField';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { useFieldError } from '@/hooks/use-field-errors';
import { useReadOnly } from '../form-context';

export type Option = { value: string; label: string };

/** A native select (easy on phones) bound to the step's form. */
export function FormSelect({ name, label, options, required, helper, onValue, disabled }: {
  name: string;
  label: ReactNode;
  options: Option[];
  required?: boolean;
  helper?: ReactNode;
  onValue?: (value: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const { message, clear } = useFieldError(name);
  const readOnly = useReadOnly();
  const value = field.value == null ? '' : String(field.value);
  const known = value === '' || options.some((o) => o.value === value);
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      required={required}
      value={value}
      disabled={readOnly || disabled}
      onChange={(e) => {
        field.onChange(e.target.value);
        onValue?.(e.target.value);
        clear();
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!message}
      helperText={message ?? helper}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { name, 'data-testid': name, 'aria-invalid': !!message },
        formHelperText: { 'data-testid': `${name}-helper` } as object,
      }}
    >
      <option value="">{t('form.choose')}</option>
      {!known && <option value={value}>{value}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

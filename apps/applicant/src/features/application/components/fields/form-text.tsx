import type { HTMLAttributes, ReactNode } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { useFieldError } from '@/hooks/use-field-errors';
import { useReadOnly, useTextLimit } from '../form-context';
import { countChars } from '../../utils/text-count';

export type FormTextProps = {
  name: string;
  label: ReactNode;
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  type?: string;
  placeholder?: string;
  helper?: ReactNode;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  maxLength?: number;
  /** show "n / max" (text areas with a maximum show it by default) */
  counter?: boolean;
  transform?: (raw: string) => string;
  /** a message the page decides (e.g. a date typed in the wrong shape); the server's wins */
  localError?: string;
  onBlurValue?: (value: string) => void;
  disabled?: boolean;
};

/** A text input bound to the step's form; shows the server's error for its path and a character counter. */
export function FormText(props: FormTextProps) {
  const { name, label, required, multiline, rows, type, placeholder, helper, inputMode, autoComplete, transform, localError, onBlurValue, disabled } = props;
  const { t } = useTranslation();
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const { message, clear } = useFieldError(name);
  const readOnly = useReadOnly();
  const configured = useTextLimit(name);
  const limit = props.maxLength ?? configured;
  const value = typeof field.value === 'string' ? field.value : field.value == null ? '' : String(field.value);
  const showCounter = (props.counter ?? !!multiline) && !!limit;
  const count = countChars(value);
  const error = message ?? localError;
  const helperContent =
    error || helper || showCounter ? (
      <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <span>{error ?? helper}</span>
        {showCounter && (
          <Box component="span" data-testid={`${name}-counter`} sx={{ flexShrink: 0, color: count > (limit ?? 0) ? 'error.main' : 'text.secondary' }}>
            {t('form.counter', { count, max: limit })}
          </Box>
        )}
      </Box>
    ) : undefined;
  return (
    <TextField
      fullWidth
      size="small"
      name={name}
      label={label}
      required={required}
      type={type}
      placeholder={placeholder}
      multiline={multiline}
      minRows={multiline ? rows ?? 3 : undefined}
      value={value}
      disabled={readOnly || disabled}
      onChange={(e) => {
        field.onChange(transform ? transform(e.target.value) : e.target.value);
        clear();
      }}
      onBlur={(e) => {
        field.onBlur();
        onBlurValue?.(e.target.value);
      }}
      inputRef={field.ref}
      error={!!error}
      helperText={helperContent}
      autoComplete={autoComplete ?? 'off'}
      slotProps={{
        htmlInput: { maxLength: limit, inputMode, 'data-testid': name, 'aria-invalid': !!error },
        formHelperText: { component: 'div', 'data-testid': `${name}-helper` } as object,
        inputLabel: placeholder ? { shrink: true } : undefined,
      }}
    />
  );
}

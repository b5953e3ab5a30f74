import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useController, useFormContext } from 'react-hook-form';
import { useFieldError } from '@/hooks/use-field-errors';
import { useReadOnly } from '../form-context';

/** A yes/no field bound to the step's form. */
export function FormCheck({ name, label, onValue, disabled }: { name: string; label: ReactNode; onValue?: (checked: boolean) => void; disabled?: boolean }) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const { message, clear } = useFieldError(name);
  const readOnly = useReadOnly();
  return (
    <FormControl error={!!message}>
      <FormControlLabel
        label={label}
        disabled={readOnly || disabled}
        control={
          <Checkbox
            checked={!!field.value}
            onChange={(e) => {
              field.onChange(e.target.checked);
              onValue?.(e.target.checked);
              clear();
            }}
            slotProps={{ input: { name, 'data-testid': name, ref: field.ref } as object }}
          />
        }
      />
      {message && <FormHelperText data-testid={`${name}-helper`}>{message}</FormHelperText>}
    </FormControl>
  );
}

import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { FormText } from './form-text';
import { formatDateInput, isValidDate } from '../../utils/date-input';

/** A date typed as yyyy-MM-dd (digits are grouped while typing; the shape is checked on leaving the field). */
export function FormDate({ name, label, required, helper }: { name: string; label: ReactNode; required?: boolean; helper?: ReactNode }) {
  const { t } = useTranslation();
  const [bad, setBad] = useState(false);
  return (
    <FormText
      name={name}
      label={label}
      required={required}
      helper={helper}
      placeholder="yyyy-MM-dd"
      inputMode="numeric"
      maxLength={10}
      transform={(raw) => {
        setBad(false);
        return formatDateInput(raw);
      }}
      onBlurValue={(v) => setBad(v !== '' && !isValidDate(v))}
      localError={bad ? t('form.dateFormat') : undefined}
    />
  );
}

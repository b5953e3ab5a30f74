import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useApplicationForm } from '../../form-context';

/** A tick that sets a field to the school's "none" value. */
export function NoneCheck({ checked, label, onChange, testId }: { checked: boolean; label: string; onChange: (on: boolean) => void; testId: string }) {
  const { readOnly } = useApplicationForm();
  return (
    <FormControlLabel
      label={label}
      disabled={readOnly}
      control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} slotProps={{ input: { 'data-testid': testId } as object }} />}
    />
  );
}

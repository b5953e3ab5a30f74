import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import { useFieldError } from '@/hooks/use-field-errors';
import { useReadOnly } from './form-context';

/** A titled group of fields of a step: an h3 under the step's heading (h2). */
export function Section({ title, testId, children, action }: { title: ReactNode; testId?: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} data-testid={testId}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** Fields in two columns on wide screens, one on phones. */
export function Fields({ children }: { children: ReactNode }) {
  return (
    <Grid container spacing={2}>
      {children}
    </Grid>
  );
}

export function Cell({ children, full }: { children: ReactNode; full?: boolean }) {
  return <Grid size={full ? 12 : { xs: 12, sm: 6 }}>{children}</Grid>;
}

/** A rule of the whole list (e.g. "exactly one final education") shown above it. */
export function ListError({ name }: { name: string }) {
  const { message } = useFieldError(name);
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid={`${name}-helper`} data-error-anchor={name} tabIndex={-1}>
      {message}
    </Alert>
  );
}

/** One entry of a repeatable list with its remove button. */
export function RepeatCard({ title, onRemove, removeTestId, children, canRemove = true }: {
  title: ReactNode;
  onRemove: () => void;
  removeTestId: string;
  children: ReactNode;
  canRemove?: boolean;
}) {
  const { t } = useTranslation();
  const readOnly = useReadOnly();
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography variant="subtitle2" component="h4">
          {title}
        </Typography>
        {!readOnly && canRemove && (
          <Button size="small" color="error" onClick={onRemove} data-testid={removeTestId}>
            {t('form.remove')}
          </Button>
        )}
      </Stack>
      {children}
    </Box>
  );
}

export function AddButton({ onClick, testId, label, disabled }: { onClick: () => void; testId: string; label: ReactNode; disabled?: boolean }) {
  const readOnly = useReadOnly();
  if (readOnly) return null;
  return (
    <Button variant="outlined" onClick={onClick} data-testid={testId} disabled={disabled}>
      {label}
    </Button>
  );
}

import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { dismissToast, TOAST_MS, useToast } from '@/lib/notifications';

/** The warning/success toast (spec section 8): shows the text, X dismisses. */
export function Toast() {
  const toast = useToast();
  const { t } = useTranslation();
  return (
    <Snackbar
      key={toast?.id}
      open={!!toast}
      autoHideDuration={TOAST_MS}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') dismissToast();
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 72, sm: 80 } }}
    >
      <Alert
        data-testid="toast"
        role="alert"
        severity={toast?.severity ?? 'warning'}
        variant="filled"
        onClose={dismissToast}
        slotProps={{ closeButton: { title: t('common.close'), 'aria-label': t('common.close') } as object }}
        sx={{ width: '100%', maxWidth: 560, whiteSpace: 'pre-line' }}
      >
        {toast?.message}
      </Alert>
    </Snackbar>
  );
}

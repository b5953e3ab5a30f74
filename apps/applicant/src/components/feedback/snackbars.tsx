import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from '@/lib/use-translation';
import { clearGlobalError, dismissToast, TOAST_MS, useGlobalError, useToast } from '@/lib/notifications';

// The toasts themselves, loaded lazily (toast.tsx, global-error.tsx): no page
// needs them to show, only an event does.

/** The warning/success toast (spec section 8): shows the text, X dismisses. */
export function ToastSnackbar() {
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

/** The global error toast (global-error.tsx clears it after 4000 ms). */
export function GlobalErrorSnackbar() {
  const error = useGlobalError();
  const { t } = useTranslation();
  return (
    <Snackbar
      open={!!error}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 72, sm: 80 } }}
    >
      <Alert
        data-testid="global-error"
        role="alert"
        severity="error"
        variant="filled"
        onClose={clearGlobalError}
        slotProps={{ closeButton: { title: t('common.close'), 'aria-label': t('common.close') } as object }}
        sx={{ width: '100%', maxWidth: 560 }}
      >
        <AlertTitle>{t('error.globalTitle')}</AlertTitle>
        {error?.message}
      </Alert>
    </Snackbar>
  );
}

import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { clearGlobalError, GLOBAL_ERROR_MS, useGlobalError } from '@/lib/notifications';

/** The global error toast: shown for 4000 ms (or until X), then cleared. */
export function GlobalError() {
  const error = useGlobalError();
  const { t } = useTranslation();

  useEffect(() => {
    if (!error) return undefined;
    const timer = window.setTimeout(clearGlobalError, GLOBAL_ERROR_MS);
    return () => window.clearTimeout(timer);
  }, [error]);

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

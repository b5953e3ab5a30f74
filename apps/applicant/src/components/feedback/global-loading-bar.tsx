import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from '@/lib/use-translation';

/** The bar itself, in a chunk of its own (global-loading.tsx). */
export function GlobalLoadingBar() {
  const { t } = useTranslation();
  return (
    <LinearProgress
      data-testid="global-loading"
      aria-label={t('common.loading')}
      color="secondary"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 10, height: 3 }}
    />
  );
}

import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useIsLoading } from '@/lib/loading';

/** A thin bar at the very top while any API call is in flight. */
export function GlobalLoading() {
  const loading = useIsLoading();
  const { t } = useTranslation();
  if (!loading) return null;
  return (
    <LinearProgress
      data-testid="global-loading"
      aria-label={t('common.loading')}
      color="secondary"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 10, height: 3 }}
    />
  );
}

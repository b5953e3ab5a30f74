import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { useTranslation } from '@/lib/use-translation';

/** The button itself, loaded lazily (go-top.tsx) once the page is scrolled. */
export function GoTopButton({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  return (
    <Zoom in={shown}>
      <Fab
        data-testid="go-top"
        size="small"
        color="primary"
        aria-label={t('common.goTop')}
        title={t('common.goTop')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', bottom: 16, right: 16, zIndex: (theme) => theme.zIndex.speedDial }}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}

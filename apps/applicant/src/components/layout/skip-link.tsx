import Box from '@mui/material/Box';
import { useTranslation } from '@/lib/use-translation';

/**
 * "Skip to content": the first thing a keyboard user reaches; off screen until
 * focused, it moves focus past the navigation to the page (main#main).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href="#main"
      data-testid="skip-link"
      onClick={(e) => {
        const main = document.getElementById('main');
        if (!main) return;
        e.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: 'tooltip',
        transform: 'translateY(-200%)',
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 700,
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { transform: 'none' },
      }}
    >
      {t('nav.skipToContent')}
    </Box>
  );
}

import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useMatches } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { RouteHandle } from './layout/document-title';
import { paths } from '@/config/paths';

/** Placeholder for routes whose screens come in later issues. */
export function ComingSoon() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.titleKey;
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} data-testid="coming-soon">
        {titleKey && (
          <Typography variant="h5" component="h1" gutterBottom>
            {t(titleKey)}
          </Typography>
        )}
        <Typography variant="h6" component="p" color="text.secondary" gutterBottom>
          {t('common.comingSoon')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('common.comingSoonBody')}
        </Typography>
        <Button component={RouterLink} to={paths.home.getHref()} variant="contained">
          {t('common.backHome')}
        </Button>
      </Paper>
    </Container>
  );
}

export default ComingSoon;

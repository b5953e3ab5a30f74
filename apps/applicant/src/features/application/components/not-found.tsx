import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';

/** The application does not exist or is not the caller's: the same answer, no data. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} data-testid="appl-not-found">
      <Typography variant="h6" component="h1" gutterBottom>
        {t('form.notFoundTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('form.notFoundBody')}
      </Typography>
      <Button component={RouterLink} to={paths.list.getHref()} variant="contained">
        {t('form.toList')}
      </Button>
    </Paper>
  );
}

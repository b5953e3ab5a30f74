import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { PageFrame } from './page-frame';

/** Any path no route knows: says so (issue 21), names the path and offers the way home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <PageFrame title={t('notFound.title')} testId="not-found-page">
      <Typography sx={{ mb: 1 }}>{t('notFound.body')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3, wordBreak: 'break-all' }} data-testid="not-found-path">
        {t('notFound.path', { path: pathname })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button component={RouterLink} to={paths.home.getHref()} variant="contained" data-testid="not-found-home">
          {t('notFound.home')}
        </Button>
        <Button component={RouterLink} to={paths.faq.getHref()} variant="outlined" data-testid="not-found-faq">
          {t('notFound.faq')}
        </Button>
      </Stack>
    </PageFrame>
  );
}

export default NotFoundPage;

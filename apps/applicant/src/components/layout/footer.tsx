import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/use-translation';

const footerLink = { color: 'primary.main', textDecoration: 'underline', textUnderlineOffset: '0.15em' } as const;

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" data-testid="footer" sx={{ mt: 6, py: 4, bgcolor: 'grey.100', borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Box component="nav" aria-label={t('legal.nav')} sx={{ display: 'flex', gap: 2, mb: 1.5 }}>
          {/* Typography as the link, not MUI's Link: the shell's first load does without it */}
          <Typography component={RouterLink} to={paths.legal.terms.getHref()} variant="body2" sx={footerLink} data-testid="footer-terms">
            {t('footer.terms')}
          </Typography>
          <Typography component={RouterLink} to={paths.legal.privacy.getHref()} variant="body2" sx={{ ...footerLink, fontWeight: 700 }} data-testid="footer-privacy">
            {t('footer.privacy')}
          </Typography>
        </Box>
        <Typography variant="subtitle2" component="p" gutterBottom>
          {t('footer.company')}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="address" sx={{ fontStyle: 'normal', overflowWrap: 'anywhere' }}>
          {t('footer.address')}
          <br />
          {t('footer.ceo')} · {t('footer.bizNo')}
          <br />
          {t('footer.mailOrderNo')}
          <br />
          {t('footer.contact')}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }} data-testid="copyright">
          {t('footer.copyright', { year })}
        </Typography>
      </Container>
    </Box>
  );
}

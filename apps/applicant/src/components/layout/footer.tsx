import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" data-testid="footer" sx={{ mt: 6, py: 4, bgcolor: 'grey.100', borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
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

import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { termsVersions } from '@/features/legal/terms';
import { privacyVersions } from '@/features/legal/privacy';
import type { LegalVersion } from '@/features/legal/types';

/** One legal text in the interface language, any dated version (?version=yyyy-MM-dd). */
function LegalText({ titleKey, versions, testId }: { titleKey: string; versions: LegalVersion[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const v = versions.find((x) => x.effective === params.get('version')) ?? versions[0];
  const articles = i18n.language === 'en' ? v.en : v.ko;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} data-testid={testId}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {t(titleKey)}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}>
          <TextField
            select
            size="small"
            label={t('legal.version')}
            value={v.effective}
            onChange={(e) => setParams({ version: e.target.value }, { replace: true })}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'data-testid': 'legal-version' } }}
          >
            {versions.map((x, i) => (
              <MenuItem key={x.effective} value={x.effective}>
                {t(i === 0 ? 'legal.current' : 'legal.earlier', { date: x.effective })}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {articles.map((a) => (
          <Box component="section" key={a.title} sx={{ mb: 3 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
              {a.title}
            </Typography>
            {a.paragraphs.map((p, i) => (
              <Typography key={i} variant="body2" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
                {p}
              </Typography>
            ))}
          </Box>
        ))}
      </Paper>
    </Container>
  );
}

export function TermsPage() {
  return <LegalText titleKey="legal.terms" versions={termsVersions} testId="terms" />;
}

export function PrivacyPage() {
  return <LegalText titleKey="legal.privacy" versions={privacyVersions} testId="privacy" />;
}

export default TermsPage;

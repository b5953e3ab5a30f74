import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/use-translation';
import { usePageTitle } from '@/components/layout/document-title';
import { SchoolTheme } from '@/components/theme/school-theme';
import { useSchools, type School } from '../api/get-schools';
import type { RoundSummary } from '../api/get-recruit-list';
import { RoundList } from './round-list';
import { schoolName } from './school-search';

export function findSchool(schools: School[] | undefined, name: string): School | undefined {
  const key = name.trim().toLowerCase();
  return schools?.find((s) => s.slug?.toLowerCase() === key || s.schoolCode.toLowerCase() === key);
}

export type SchoolMainProps = {
  name: string;
  onApply: (school: School, round: RoundSummary) => void;
  /** what the page shows above the rounds (the notices, another feature's) */
  notices?: (school: School) => ReactNode;
};

/** /{schoolname}/main: the school's page in its colour (orange by default) with its notices and rounds. */
export function SchoolMain({ name, onApply, notices }: SchoolMainProps) {
  const { t, i18n } = useTranslation();
  const schools = useSchools();
  const school = schools.data ? findSchool(schools.data, name) : undefined;
  // the tab and the h1 carry the school's name, not a generic "school main"
  usePageTitle(school ? schoolName(school, i18n.language) : null);
  if (schools.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (!school) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="warning" data-testid="school-not-found">
          {t('school.notFound')}
        </Alert>
      </Container>
    );
  }
  const other = i18n.language === 'en' ? school.korName : school.engName;
  return (
    <SchoolTheme color={school.color}>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 4, md: 6 } }} data-testid="school-header" data-school={school.schoolCode}>
        <Container maxWidth="md" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          {school.logoUrl && (
            // The name beside it says what it is: the logo is decorative.
            <Box component="img" src={school.logoUrl} alt="" data-testid="school-logo"
              sx={{ height: { xs: 48, md: 64 }, maxWidth: 160, objectFit: 'contain', bgcolor: '#fff', borderRadius: 1, p: 0.5 }} />
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', md: '2.2rem' } }}>
              {schoolName(school, i18n.language)}
            </Typography>
            <Typography sx={{ opacity: 0.85 }}>{other}</Typography>
            {(school.contactEmail || school.contactPhone) && (
              <Typography variant="body2" data-testid="school-contact" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {t('school.contact')}: {[school.contactEmail, school.contactPhone].filter(Boolean).join(' · ')}
              </Typography>
            )}
          </Box>
        </Container>
      </Box>
      <Container maxWidth="md" sx={{ py: 4 }}>
        {notices?.(school)}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1, rowGap: 1 }}>
          <Typography variant="h6" component="h2">
            {t('school.rounds')}
          </Typography>
          {/* the school's 경쟁률: its rounds' applicants per major */}
          <Button component={RouterLink} to={paths.competition.getHref(name)} variant="outlined" size="small" data-testid="school-competition-link">
            {t('competition.link')}
          </Button>
        </Stack>
        <RoundList schoolCode={school.schoolCode} onApply={(r) => onApply(school, r)} />
      </Container>
    </SchoolTheme>
  );
}

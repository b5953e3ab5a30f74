import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { accessState } from '@/lib/access-key';
import { useUser } from '@/lib/session';
import { SchoolSearch } from '@/features/schools/components/school-search';
import { SchoolList } from '@/features/schools/components/school-list';
import { ExamNumberLookup } from '@/features/exam-number/components/exam-number-lookup';

export function HomePage() {
  const { t } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();

  const startApplication = () => {
    if (!user) navigate(paths.user.login.getHref(), { state: { from: paths.home.getHref() } });
    else navigate(paths.appl.agree.getHref(), { state: accessState() });
  };

  const intro = [1, 2, 3].map((n) => ({
    title: t(`home.intro${n}Title`),
    body: t(`home.intro${n}Body`),
  }));

  return (
    <>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 5, md: 8 } }}>
        <Container maxWidth="lg">
          <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', md: '2.4rem' } }}>
            {t('home.heroTitle')}
          </Typography>
          <Typography sx={{ maxWidth: 720, mb: 3, opacity: 0.9 }}>{t('home.heroBody')}</Typography>
          <Button variant="contained" color="secondary" size="large" data-testid="start-application" onClick={startApplication}>
            {t('home.startApplication')}
          </Button>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ py: 4 }}>
        <Alert severity="info" sx={{ mb: 3 }} data-testid="notice">
          <strong>{t('common.notice')}</strong> · {t('common.noticeText')}
        </Alert>
        <Stack spacing={4}>
          <SchoolSearch onSelect={(school) => navigate(paths.schoolMain.getHref(school.slug || school.schoolCode))} />

          <Box component="section" aria-labelledby="intro-title">
            <Typography id="intro-title" variant="h6" component="h2" gutterBottom>
              {t('home.introTitle')}
            </Typography>
            <Grid container spacing={2}>
              {intro.map((item) => (
                <Grid key={item.title} size={{ xs: 12, md: 4 }}>
                  <Card variant="outlined" sx={{ height: '100%' }}>
                    <CardContent>
                      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }} gutterBottom>
                        {item.title}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {item.body}
                      </Typography>
                    </CardContent>
                  </Card>
                </Grid>
              ))}
            </Grid>
          </Box>

          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Paper variant="outlined" sx={{ p: 3, height: '100%' }} component="section" aria-labelledby="faq-title">
                <Typography id="faq-title" variant="h6" component="h2" gutterBottom>
                  {t('home.faqTitle')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {t('home.faqBody')}
                </Typography>
                <Button component={RouterLink} to={paths.faq.getHref()} variant="outlined" data-testid="faq-shortcut">
                  {t('home.faqButton')}
                </Button>
              </Paper>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Paper variant="outlined" sx={{ p: 3, height: '100%' }} component="section" aria-labelledby="exam-title">
                <Typography id="exam-title" variant="h6" component="h2" gutterBottom>
                  {t('home.examTitle')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {t('home.examBody')}
                </Typography>
                <ExamNumberLookup />
              </Paper>
            </Grid>
          </Grid>

          <SchoolList />
        </Stack>
      </Container>
    </>
  );
}

export default HomePage;

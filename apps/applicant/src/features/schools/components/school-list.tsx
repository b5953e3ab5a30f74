import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { schoolColor } from '@/lib/school-color';
import { useSchools } from '../api/get-schools';
import { schoolName } from './school-search';

/**
 * Every school taking applications, each a link to its page (issue 21: the
 * home page lists them, as Korean application sites do). Shown once the list
 * is here: the home page places it last, so nothing in view moves when it
 * arrives. Nothing when the list cannot be loaded (the search says the same).
 */
export function SchoolList() {
  const { t, i18n } = useTranslation();
  const { data } = useSchools();
  if (!Array.isArray(data) || data.length === 0) return null;
  const other = i18n.language === 'en' ? 'ko' : 'en';
  return (
    <Box component="section" aria-labelledby="school-list-title" data-testid="school-list">
      <Typography id="school-list-title" variant="h6" component="h2" gutterBottom>
        {t('home.schoolListTitle')}
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.map((s) => (
          <Grid key={s.schoolCode} size={{ xs: 12, sm: 6, md: 4 }} component="li">
            <Card variant="outlined" sx={{ height: '100%', borderLeft: 4, borderLeftColor: schoolColor(s.color) }}>
              <CardActionArea
                component={RouterLink}
                to={paths.schoolMain.getHref(s.slug || s.schoolCode)}
                data-testid={`school-link-${s.schoolCode}`}
                sx={{ height: '100%', p: 2, display: 'block' }}
              >
                <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
                  {schoolName(s, i18n.language)}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }} lang={other}>
                  {schoolName(s, other)}
                </Typography>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

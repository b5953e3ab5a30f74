import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { seoulMinute } from '@/lib/format';
import { useOverview } from '../api/recommender';
import { RecommendStatusChip } from './status-chip';

export function keyError(t: (k: string) => string, e: unknown): string {
  return e instanceof ApiError && e.message ? e.message : t('recommend.loadFailed');
}

/** /recommend/{key}: every request addressed to the recommender, across applicants and schools. */
export function RecommenderOverview({ recKey }: { recKey: string }) {
  const { t, i18n } = useTranslation();
  const q = useOverview(recKey);
  const en = i18n.language === 'en';
  if (q.isPending) return <CircularProgress aria-label={t('common.loading')} />;
  if (q.isError || !q.data) return <Alert severity="error" data-testid="recommend-key-error">{keyError(t, q.error)}</Alert>;
  const d = q.data;
  return (
    <Stack spacing={2}>
      <Typography>{t('recommend.overviewIntro', { email: d.email })}</Typography>
      {d.profile.name && (
        <Typography variant="body2" color="text.secondary" data-testid="recommend-profile">
          {t('recommend.profileKept', { name: d.profile.name, institution: d.profile.institution })}
        </Typography>
      )}
      {d.list.map((e) => (
        <Paper key={e.reqNo} variant="outlined" sx={{ p: 2 }} data-testid="recommend-entry" data-applicant={e.applicantName}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mr: 1 }}>
              {e.applicantName}
            </Typography>
            <RecommendStatusChip status={e.status} />
          </Stack>
          <Typography variant="body2">
            {en ? e.schoolEngName : e.schoolKorName} · {en ? e.roundEngName : e.roundKorName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('recommend.writeDeadline', { time: seoulMinute(e.deadline) })}
          </Typography>
          <Button
            component={RouterLink}
            to={`${paths.recommend.form.getHref(recKey)}${e.reqNo === d.current ? '' : `?req=${e.reqNo}`}`}
            variant={e.writable ? 'contained' : 'outlined'}
            size="small"
            sx={{ mt: 1 }}
            data-testid="recommend-write"
          >
            {e.writable ? t(e.status === '00010' || e.status === '00020' ? 'recommend.write' : 'recommend.continue') : t('recommend.viewSubmitted')}
          </Button>
        </Paper>
      ))}
    </Stack>
  );
}

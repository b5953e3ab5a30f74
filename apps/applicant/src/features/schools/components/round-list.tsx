import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import { useRecruitList, type RoundSummary } from '../api/get-recruit-list';

export function submitWindow(r: RoundSummary) {
  return r.windows?.find((w) => w.type === 'SUBMIT');
}

const minute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** The school's rounds with their application period and an "apply" button while it is open. */
export function RoundList({ schoolCode, onApply }: { schoolCode: string; onApply: (r: RoundSummary) => void }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const rounds = useRecruitList(schoolCode);
  if (rounds.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (rounds.isError) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  if (rounds.data.length === 0) return <Typography color="text.secondary">{t('school.noRounds')}</Typography>;
  return (
    <Stack spacing={2} data-testid="round-list">
      {rounds.data.map((r) => {
        const w = submitWindow(r);
        return (
          <Paper key={`${r.enterYear}-${r.recruitPartSeq}`} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid={`round-${r.enterYear}-${r.recruitPartSeq}`}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
              <Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                  {en ? r.engName : r.korName}
                </Typography>
                {w && (
                  <Typography variant="body2" color="text.secondary">
                    {t('school.period', { start: minute(w.start), end: minute(w.end) })}
                  </Typography>
                )}
              </Box>
              <Button variant="contained" disabled={!r.submitOpen} onClick={() => onApply(r)} data-testid={`round-apply-${r.enterYear}-${r.recruitPartSeq}`}>
                {r.submitOpen ? t('school.apply') : t('school.closed')}
              </Button>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

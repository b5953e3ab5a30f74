import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';

/** /appl/none: a free round is complete at once; the exam number is shown. */
export function CompletionNotice({ applId }: { applId?: string | null }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="completion-notice">
      <Alert severity="success" sx={{ mb: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('submission.completeTitle')}
        </Typography>
        {t('submission.completeBody')}
      </Alert>
      {applId && (
        <Paper variant="outlined" sx={{ p: 2, textAlign: 'center' }}>
          <Typography variant="overline" color="text.secondary">
            {t('submission.examNumber')}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, wordBreak: 'break-all' }} data-testid="completion-exam-number">
            {applId}
          </Typography>
        </Paper>
      )}
    </Box>
  );
}

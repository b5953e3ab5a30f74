import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { useTranslation } from '@/lib/use-translation';
import { useApplication } from '@/features/application/api/get-application';
import { SlipButtons } from '@/features/exam-slip/components/slip-buttons';

/** Under the review page: the review-complete message and the slip / application PDF downloads. */
export function ReviewDownloads({ applNo, reviewCompleted }: { applNo: number; reviewCompleted?: boolean }) {
  const { t } = useTranslation();
  const app = useApplication(applNo);
  const complete = app.data?.status === 'COMPLETE';
  return (
    <Container maxWidth="md" sx={{ pb: 4 }} data-testid="review-downloads">
      {reviewCompleted && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="review-complete-message">
          {t('submission.reviewComplete')}
        </Alert>
      )}
      <SlipButtons applNo={applNo} slip={complete} size="medium" />
    </Container>
  );
}

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { accessState } from '@/lib/access-key';
import { ApiError } from '@/lib/api-client';
import { showToast } from '@/lib/notifications';
import { useApplication } from '@/features/application/api/get-application';
import { ConsentForm } from '@/features/application/components/consent-form';
import { useSubmitApplication } from '@/features/submission/api/submit-application';
import { PageFrame } from './page-frame';
import { readApplState } from './appl-state';

/** /appl/submit: the round's consents, then submission; paid rounds go to /appl/pay, free ones are complete (/appl/none). */
export function ApplSubmitPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { applNo } = readApplState(location.state);
  const app = useApplication(applNo);
  const submit = useSubmitApplication();
  const [error, setError] = useState<string | null>(null);
  const [missingDocs, setMissingDocs] = useState(false);
  if (!applNo) return <Navigate to={paths.list.getHref()} replace />;

  const onAccept = (consents: Record<string, string>) => {
    setError(null);
    setMissingDocs(false);
    submit.mutate(
      { applNo, consents },
      {
        onSuccess: (r) => {
          showToast(t('submission.submitted'), 'success');
          if (r.next === 'none') void navigate(paths.appl.none.getHref(), { replace: true, state: accessState({ applNo, applId: r.applId ?? null }) });
          else void navigate(paths.appl.pay.getHref(), { replace: true, state: accessState({ applNo }) });
        },
        onError: (e) => {
          if (!(e instanceof ApiError)) return;
          if (e.fields.documents) {
            setMissingDocs(true);
            setError(e.fields.documents);
          } else {
            const consentError = Object.entries(e.fields).find(([k]) => k.startsWith('consents.'));
            setError(consentError?.[1] ?? e.message);
          }
        },
      },
    );
  };

  return (
    <PageFrame title={t('title.applSubmit')} testId="appl-submit-page">
      {app.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : !app.data ? (
        <Alert severity="error">{t('submission.loadFailed')}</Alert>
      ) : !(app.data.actions ?? []).includes('submit') && !submit.isPending && !submit.isSuccess ? (
        // submitted already (or not submittable now): nothing here leads back to changing it
        <>
          <Alert severity="info" sx={{ mb: 2 }} data-testid="submit-closed">
            {t('flow.submitClosed')}
          </Alert>
          <Button variant="contained" onClick={() => void navigate(paths.list.getHref())} data-testid="submit-to-list">
            {t('submission.toList')}
          </Button>
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('submission.intro')}
          </Typography>
          {error && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              data-testid="submit-error"
              action={
                missingDocs ? (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => void navigate(paths.appl.redirectTo.getHref('edit'), { state: accessState({ applNo }) })}
                    data-testid="submit-go-documents"
                  >
                    {t('submission.goDocuments')}
                  </Button>
                ) : undefined
              }
            >
              {error}
            </Alert>
          )}
          <ConsentForm round={app.data.schoolComm} onAccept={onAccept} submitLabel={t('submission.submit')} pending={submit.isPending} />
        </>
      )}
    </PageFrame>
  );
}

export default ApplSubmitPage;

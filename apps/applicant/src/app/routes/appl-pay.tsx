import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageFrame } from './page-frame';
import { readApplState } from './appl-state';

/** /appl/pay: the fee payment of a later issue; for now it says the application is submitted. */
export function ApplPayPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { applNo } = readApplState(location.state);
  if (!applNo) return <Navigate to={paths.list.getHref()} replace />;
  return (
    <PageFrame title={t('submission.payTitle')} testId="appl-pay-page">
      <Alert severity="info" sx={{ mb: 2 }} data-testid="pay-placeholder">
        {t('submission.payBody')}
      </Alert>
      <Button variant="contained" onClick={() => void navigate(paths.list.getHref())} data-testid="pay-to-list">
        {t('submission.toList')}
      </Button>
    </PageFrame>
  );
}

export default ApplPayPage;

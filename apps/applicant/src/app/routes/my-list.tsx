import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { accessState } from '@/lib/access-key';
import { ApplicationList } from '@/features/my-applications/components/application-list';
import { applicationCardParts } from './application-card-parts';
import { ApplicationRefunds } from '@/features/payment/components/application-refunds';
import { PageFrame } from './page-frame';

/** /list: my applications. */
export function MyListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame title={t('title.list')} testId="my-list-page">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="outlined" onClick={() => void navigate(paths.appl.agree.getHref(), { state: accessState() })} data-testid="list-new-application">
          {t('list.newApplication')}
        </Button>
      </Box>
      {/* Only a paid application can have refunds: completed, or cancelled by a full refund. */}
      <ApplicationList parts={applicationCardParts} extra={(a) => (a.status === 'COMPLETE' || a.status === 'CANCEL' ? <ApplicationRefunds applNo={a.applNo} /> : null)} />
    </PageFrame>
  );
}

export default MyListPage;

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { accessState } from '@/lib/access-key';
import { ApplicationList } from '@/features/my-applications/components/application-list';
import { useApplications } from '@/features/my-applications/api/get-applications';
import { applicationCardParts } from './application-card-parts';
import { ApplicationRefunds } from '@/features/payment/components/application-refunds';
import { ApplicationResult } from '@/features/results/components/application-result';
import { MyNotices } from '@/features/notices/components/my-notices';
import type { Notice } from '@/features/notices/api/get-notices';
import { PageFrame } from './page-frame';

/** /list: the notices for me, then my applications, each with its result once released. */
export function MyListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const apps = useApplications();
  // a school's notice is named by the school as my applications name it
  const sourceOf = (n: Notice) => {
    if (!n.schoolCode) return t('notice.site');
    const s = apps.data?.find((a) => a.schoolComm.schoolCode === n.schoolCode)?.schoolComm;
    return s ? (i18n.language === 'en' ? s.engName : s.korName) : undefined;
  };
  return (
    <PageFrame title={t('title.list')} testId="my-list-page">
      <MyNotices sourceOf={sourceOf} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="outlined" onClick={() => void navigate(paths.appl.agree.getHref(), { state: accessState() })} data-testid="list-new-application">
          {t('list.newApplication')}
        </Button>
      </Box>
      {/* Only a paid application can have refunds: completed, or cancelled by a full refund. Decisions are made on
          completed applications only, so only those (or one refunded since) can have a result. */}
      <ApplicationList
        parts={applicationCardParts}
        extra={(a) =>
          a.status === 'COMPLETE' || a.status === 'CANCEL' ? (
            <>
              <ApplicationResult applNo={a.applNo} />
              <ApplicationRefunds applNo={a.applNo} />
            </>
          ) : null
        }
      />
    </PageFrame>
  );
}

export default MyListPage;

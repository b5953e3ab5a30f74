import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { seoulMinute } from '@/lib/format';
import { Pager } from '@/components/pager/pager';
import { useInquiries } from '@/features/inquiry/api/get-inquiries';
import { useInquiryOptions } from '@/features/inquiry/api/get-options';
import { StatusChip } from '@/features/inquiry/components/status-chip';
import { schoolName } from '@/features/inquiry/components/school-name';
import { PageFrame } from './page-frame';

const PER_PAGE = 10;

/** /inquiry/user/list: the member's 1:1 inquiries, newest first (always the caller's own: the userId in the URL is not trusted). */
export function InquiryListPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useInquiries(page, PER_PAGE);
  const options = useInquiryOptions();
  return (
    <PageFrame title={t('title.inquiryList')} testId="inquiry-list-page">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography color="text.secondary">{t('inquiry.intro')}</Typography>
        <Button variant="contained" component={RouterLink} to={paths.inquiry.userNew.getHref()} data-testid="inquiry-new">
          {t('inquiry.new')}
        </Button>
      </Box>
      {list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : !list.data?.list.length ? (
        <Alert severity="info" data-testid="inquiry-empty">{t('inquiry.empty')}</Alert>
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.data.list.map((q) => (
            <Paper key={q.id} component="li" variant="outlined" sx={{ p: 2 }} data-testid="inquiry-row">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 0.5 }}>
                <StatusChip status={q.status} />
                {q.unread && (
                  <Typography component="span" variant="body2" sx={{ color: 'error.dark', fontWeight: 700 }} data-testid="inquiry-row-unread">
                    {t('inquiry.newAnswer')}
                  </Typography>
                )}
                <Typography component="span" variant="body2" color="text.secondary">
                  {t(`inquiry.type.${q.type}`)}
                  {q.schoolCode && ` · ${schoolName(options.data?.schools, q.schoolCode, i18n.language)}`}
                </Typography>
              </Box>
              <Link component={RouterLink} to={paths.inquiry.userDetail.getHref(String(q.id))} sx={{ fontWeight: 700, wordBreak: 'break-word' }} data-testid="inquiry-row-link">
                {q.title}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {t('inquiry.askedAt')}: {seoulMinute(q.createdAt)}
              </Typography>
            </Paper>
          ))}
        </Stack>
      )}
      {(list.data?.total ?? 0) > PER_PAGE && (
        <Box sx={{ mt: 2 }}>
          <Pager total={list.data?.total ?? 0} perPage={PER_PAGE} onChange={setPage} />
        </Box>
      )}
    </PageFrame>
  );
}

export default InquiryListPage;

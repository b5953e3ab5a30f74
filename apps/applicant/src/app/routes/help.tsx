import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { Pager } from '@/components/pager/pager';
import { HELP_PAGE_SIZE, useHelp } from '@/features/helpdesk/api/get-help';
import { EntryList } from '@/features/helpdesk/components/entry-list';
import { SearchBox, useSearchTerm } from '@/features/helpdesk/components/search-box';
import { PageFrame } from './page-frame';

/** /help: the help board, questions with the staff's answers (type HELP), searchable and paged. */
export function HelpPage() {
  const { t, i18n } = useTranslation();
  const q = useSearchTerm();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const help = useHelp(i18n.language, q, page);
  const go = (n: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (n > 1) next.set('page', String(n));
      else next.delete('page');
      return next;
    });
  const items = Array.isArray(help.data?.items) ? help.data.items : [];
  return (
    <PageFrame title={t('title.help')} testId="help-page">
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('helpdesk.helpIntro')}{' '}
          <Link component={RouterLink} to={paths.faq.getHref()}>{t('helpdesk.toFaq')}</Link>
        </Typography>
        <SearchBox label={t('helpdesk.helpSearch')} testId="help-search" />
        <Typography role="status" variant="body2" color="text.secondary" data-testid="help-count">
          {help.data && !help.isPlaceholderData && (q ? t('helpdesk.found', { count: help.data.total, q }) : t('helpdesk.count', { count: help.data.total }))}
        </Typography>
        {help.isError ? (
          <Alert severity="error">{t('error.server')}</Alert>
        ) : help.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        ) : items.length === 0 ? (
          <Alert severity="info" data-testid="help-empty">
            {q ? t('helpdesk.noResults', { q }) : t('helpdesk.empty')}
          </Alert>
        ) : (
          <>
            <EntryList entries={items} testId="help" questionLabel={t('helpdesk.question')} answerLabel={t('helpdesk.answer')} />
            {(help.data?.total ?? 0) > HELP_PAGE_SIZE && (
              <Pager key={q} total={help.data?.total ?? 0} perPage={HELP_PAGE_SIZE} initialPage={page} onChange={go} />
            )}
          </>
        )}
      </Stack>
    </PageFrame>
  );
}

export default HelpPage;

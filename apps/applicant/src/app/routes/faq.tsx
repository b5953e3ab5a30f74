import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useFaq } from '@/features/helpdesk/api/get-faq';
import { EntryList } from '@/features/helpdesk/components/entry-list';
import { SearchBox, useSearchTerm } from '@/features/helpdesk/components/search-box';
import { PageFrame } from './page-frame';

/** /faq: categories as chips, entries as an accordion, a search in the URL (?q=, ?category=). */
export function FaqPage() {
  const { t, i18n } = useTranslation();
  const q = useSearchTerm();
  const [params, setParams] = useSearchParams();
  const faq = useFaq(i18n.language, q);
  const category = Number(params.get('category')) || 0;
  const pick = (id: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('category', String(id));
        else next.delete('category');
        return next;
      },
      { replace: true },
    );
  const all = Array.isArray(faq.data?.entries) ? faq.data.entries : [];
  const categories = Array.isArray(faq.data?.categories) ? faq.data.categories : [];
  const entries = all.filter((e) => !category || e.categoryId === category);
  const count = (id: number) => all.filter((e) => e.categoryId === id).length;
  return (
    <PageFrame title={t('title.faq')} testId="faq-page">
      <Stack spacing={2}>
        <SearchBox label={t('helpdesk.faqSearch')} testId="faq-search" />
        <Box component="nav" aria-label={t('helpdesk.categories')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="faq-categories">
          <Chip label={t('helpdesk.all')} color={category ? 'default' : 'primary'} variant={category ? 'outlined' : 'filled'} onClick={() => pick(0)} aria-pressed={!category} />
          {categories.map((c) => (
            <Chip
              key={c.id}
              label={q ? `${c.name} (${count(c.id)})` : c.name}
              color={category === c.id ? 'primary' : 'default'}
              variant={category === c.id ? 'filled' : 'outlined'}
              onClick={() => pick(c.id)}
              aria-pressed={category === c.id}
              data-testid="faq-category"
            />
          ))}
        </Box>
        <Typography role="status" variant="body2" color="text.secondary" data-testid="faq-count">
          {faq.data && !faq.isPlaceholderData && (q ? t('helpdesk.found', { count: entries.length, q }) : t('helpdesk.count', { count: entries.length }))}
        </Typography>
        {faq.isError ? (
          <Alert severity="error">{t('error.server')}</Alert>
        ) : faq.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        ) : entries.length === 0 ? (
          <Alert severity="info" data-testid="faq-empty">
            {q ? t('helpdesk.noResults', { q }) : t('helpdesk.empty')}
          </Alert>
        ) : (
          <EntryList entries={entries} testId="faq" />
        )}
        <Typography variant="body2" color="text.secondary">
          {t('helpdesk.moreHelp')}{' '}
          <Link component={RouterLink} to={paths.help.getHref()} data-testid="faq-to-help">{t('helpdesk.tryHelp')}</Link>
        </Typography>
      </Stack>
    </PageFrame>
  );
}

export default FaqPage;

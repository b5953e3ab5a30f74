import { useId } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from '@/lib/use-translation';
import { inLanguage } from '@/lib/bilingual';
import { seoulDay } from '@/lib/format';
import type { Notice } from '../api/get-notices';

/** Newest first by the day they show from, then by id (the later written first). */
export function newestFirst(list: Notice[]): Notice[] {
  return [...list].sort((a, b) => b.starts.localeCompare(a.starts) || b.id - a.id);
}

export type NoticeListProps = {
  notices: Notice[] | undefined;
  /** who says it, shown beside the date; the default names the site's notices only */
  sourceOf?: (n: Notice) => string | undefined;
  testId?: string;
};

/**
 * Current notices under a heading: each a title with its source and date
 * that opens to its text, in the interface's language (the other one when
 * the school left it empty). Nothing at all when there are none.
 */
export function NoticeList({ notices, sourceOf, testId = 'notices' }: NoticeListProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  if (!notices?.length) return null;
  const lang = i18n.language;
  const source = sourceOf ?? ((n: Notice) => (n.schoolCode ? undefined : t('notice.site')));
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }} data-testid={testId}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {t('notice.title')}
      </Typography>
      {newestFirst(notices).map((n) => {
        const from = source(n);
        return (
          // MUI wraps the summary in an h3 and the details in a region labelled by it
          <Accordion key={n.id} variant="outlined" disableGutters data-testid="notice-item" data-notice-id={n.id}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${headingId}-${n.id}`} id={`${headingId}-${n.id}-summary`}>
              <Box sx={{ minWidth: 0 }}>
                <Typography component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="notice-title">
                  {inLanguage(n.title, lang)}
                </Typography>
                <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="notice-meta">
                  {from && `${from} · `}
                  <time dateTime={n.starts}>{seoulDay(n.starts)}</time>
                </Typography>
              </Box>
            </AccordionSummary>
            <AccordionDetails>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="notice-body">
                {inLanguage(n.body, lang)}
              </Typography>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}

import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from '@/lib/use-translation';
import { useAcceptedConsents } from '../api/get-accepted-consents';

/**
 * What the applicant agreed to, in the versions they accepted: a school
 * that edits a text later makes a new version, and this application keeps
 * showing the one accepted.
 */
export function AcceptedConsents({ applNo }: { applNo: number }) {
  const { t, i18n } = useTranslation();
  const { data } = useAcceptedConsents(applNo);
  if (!data || data.length === 0) return null;
  const en = i18n.language === 'en';
  return (
    <Box component="section" sx={{ mt: 4 }} data-testid="accepted-consents" aria-labelledby="accepted-consents-title">
      <Typography variant="h6" component="h2" id="accepted-consents-title" gutterBottom>
        {t('consent.accepted')}
      </Typography>
      {data.map((c) => (
        <Accordion key={c.code} disableGutters data-testid={`accepted-${c.code}`}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography>
              {en ? c.titleEn : c.titleKo}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                · {t('consent.version', { version: c.version })} · {t('consent.acceptedAt', { at: c.acceptedAt.slice(0, 16).replace('T', ' ') })}
              </Typography>
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {en ? c.bodyEn : c.bodyKo}
            </Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

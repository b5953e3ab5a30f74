import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { useApplicationForm } from '../../form-context';
import { Section } from '../../layout';
import { FormText } from '../../fields/form-text';
import { P } from './empty-info';
import { isStreamingLink } from '../../../utils/video-link';

/** The video essay link of a part that asks for one, with the school's
 * requirements; a link to one of streamingHosts (the server's, GET
 * /apply/api/form-rules) is said to be refused as it is typed. */
export function VideoEssaySection({ streamingHosts }: { streamingHosts: readonly string[] }) {
  const { t } = useTranslation();
  const { recruit, lang } = useApplicationForm();
  const name = `${P}.videoEssayUrl`;
  const url = useWatch({ name }) as string | undefined;
  // the streaming rule said as the link is typed, not only after Save (issue 21)
  const streaming = isStreamingLink(url ?? '', streamingHosts);
  return (
    <Section title={t('basis.videoEssay')} testId="section-video">
      <Alert severity="info" sx={{ mb: 2 }} data-testid="video-requirements">
        {t('basis.videoEssayIntro')}
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {(recruit.rules.videoEssayRequirements ?? []).map((r) => (
            <li key={r.code}>{lang === 'en' ? r.en : r.ko}</li>
          ))}
        </Box>
      </Alert>
      <FormText name={name} label={t('basis.videoEssayUrl')} type="url" required placeholder="https://" localError={streaming ? t('basis.videoStreaming') : undefined} />
    </Section>
  );
}

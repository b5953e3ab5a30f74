import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useApplicationForm } from '../../form-context';
import { Section } from '../../layout';
import { FormText } from '../../fields/form-text';
import { P } from './empty-info';

/** The video essay link of a part that asks for one, with the school's requirements. */
export function VideoEssaySection() {
  const { t } = useTranslation();
  const { recruit, lang } = useApplicationForm();
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
      <FormText name={`${P}.videoEssayUrl`} label={t('basis.videoEssayUrl')} type="url" required placeholder="https://" />
    </Section>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from '@/lib/use-translation';
import { useApplicationForm } from '../form-context';
import { Section } from '../layout';

/** FILE_SAVE: documents are uploaded with the documents page of a later issue; this step only passes through. */
export function DocumentsStep() {
  const { t } = useTranslation();
  const ctx = useApplicationForm();
  return (
    <Box data-testid="step-form-FILE_SAVE">
      <Section title={t('docs.title')} testId="section-documents">
        <ctx.Documents applNo={ctx.applNo} readOnly={ctx.readOnly} onStatusChange={ctx.updateRecord} />
      </Section>
      <Paper variant="outlined" sx={{ position: 'sticky', bottom: 0, mt: 3, p: 1.5 }} data-testid="step-actions">
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" disabled={!ctx.prevStep} onClick={() => ctx.prevStep && void ctx.goTo(ctx.prevStep)} data-testid="step-prev">
            {t('form.prev')}
          </Button>
          {ctx.nextStep && (
            <Button variant="contained" onClick={() => void ctx.goTo(ctx.nextStep!)} data-testid="step-next">
              {t('form.next')}
            </Button>
          )}
          {ctx.readOnly && (
            <Button variant="contained" onClick={ctx.close} data-testid="step-close">
              {t('form.close')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}

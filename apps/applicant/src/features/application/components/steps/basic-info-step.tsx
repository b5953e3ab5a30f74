import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from '@/lib/use-translation';
import { useFormRules } from '@/lib/form-rules';
import { useBasis, type BasisResponse } from '../../api/get-basis';
import { saveBasis } from '../../api/save-basis';
import { useBasisEmail } from '../../api/get-basis-email';
import { StepFrame } from '../step-frame';
import { useApplicationForm } from '../form-context';
import { mergeDraft } from '../../utils/draft';
import { emptyApplicantInfo, itemTemplate, type BasisForm } from './basic-info/empty-info';
import { BasicInfoFields } from './basic-info/basic-info-fields';

/** The basic-info step (BASIS_SAVE): the sections of applicantInfo the server shows this applicant. */
export function BasicInfoStep() {
  const { t } = useTranslation();
  const { applNo } = useApplicationForm();
  const query = useBasis(applNo);
  const rules = useFormRules();
  const email = useBasisEmail(!!query.data && !query.data.applicantInfo?.email);
  const defaultEmail = email.data?.email ?? '';
  const toForm = useCallback(
    (r: BasisResponse): BasisForm => {
      const info = mergeDraft(emptyApplicantInfo(), r.applicantInfo ?? {}, itemTemplate, 'applicantInfo');
      if (!info.email && defaultEmail) info.email = defaultEmail;
      return { applicantInfo: info };
    },
    [defaultEmail],
  );
  const save = useCallback((v: BasisForm) => saveBasis(applNo, v), [applNo]);
  const waitingEmail = !!query.data && !query.data.applicantInfo?.email && email.isPending && email.fetchStatus !== 'idle';
  if (rules.isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => void rules.refetch()}>{t('form.retry')}</Button>}>
        {t('form.loadFailed')}
      </Alert>
    );
  }
  if (waitingEmail || !rules.data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress size={28} aria-label={t('common.loading')} />
      </Box>
    );
  }
  return (
    <StepFrame query={query} toForm={toForm} save={save} itemTemplate={itemTemplate}>
      <BasicInfoFields sections={query.data?.sections} rules={rules.data} />
    </StepFrame>
  );
}

import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/session';
import { ApiError } from '@/lib/api-client';
import { Field, FormAlert, useServerErrors } from '@/features/account/components/fields';
import { askInquiry } from '@/features/inquiry/api/ask-inquiry';
import { useInquiryOptions } from '@/features/inquiry/api/get-options';
import { INQUIRY_TYPES } from '@/features/inquiry/types';
import { PageFrame } from './page-frame';

const MAX_TITLE = 100;
const MAX_BODY = 4000;
const FIELDS = ['type', 'schoolCode', 'title', 'body', 'file'];

/** /inquiry/user/new: ask a 1:1 inquiry, optionally about a school (those applied to first) and with one file. */
export function InquiryNewPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const queryClient = useQueryClient();
  const options = useInquiryOptions();
  const [type, setType] = useState('');
  const [schoolCode, setSchoolCode] = useState('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = useServerErrors();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    errors.clear();
    const missing: Record<string, string> = {};
    if (!type) missing.type = t('inquiry.chooseType');
    if (!title.trim()) missing.title = t('validation.required');
    if (!body.trim()) missing.body = t('validation.required');
    if (Object.keys(missing).length) {
      errors.setFields(missing);
      return;
    }
    setBusy(true);
    try {
      const q = await askInquiry({ type, title, body, schoolCode }, file);
      void queryClient.invalidateQueries({ queryKey: ['inquiries'] });
      navigate(paths.inquiry.userDetail.getHref(String(q.id)));
    } catch (err) {
      if (err instanceof ApiError && err.status === 413) errors.setFields({ file: t('documents.error.bodyTooLarge') });
      else errors.take(err, FIELDS);
    } finally {
      setBusy(false);
    }
  };

  const schools = options.data?.schools ?? [];
  const name = (s: { korName: string; engName: string }) => (i18n.language === 'en' ? s.engName : s.korName);
  const applied = schools.filter((s) => s.applied);
  const others = schools.filter((s) => !s.applied);
  return (
    <PageFrame title={t('inquiry.new')} maxWidth="sm" testId="inquiry-new-page">
      <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="inquiry-form">
        <Field select label={t('inquiry.typeLabel')} required value={type} onChange={(e) => setType(e.target.value)} testId="inquiry-type" error={errors.fields.type}>
          {INQUIRY_TYPES.map((x) => (
            <MenuItem key={x} value={x} data-testid={`inquiry-type-${x}`}>
              {t(`inquiry.type.${x}`)}
            </MenuItem>
          ))}
        </Field>
        <Field
          select
          label={t('inquiry.school')}
          value={schoolCode}
          onChange={(e) => setSchoolCode(e.target.value)}
          testId="inquiry-school"
          error={errors.fields.schoolCode}
          helperText={t('inquiry.schoolHelp')}
        >
          <MenuItem value="">{t('inquiry.noSchool')}</MenuItem>
          {applied.length > 0 && <ListSubheader>{t('inquiry.appliedSchools')}</ListSubheader>}
          {applied.map((s) => (
            <MenuItem key={s.schoolCode} value={s.schoolCode} data-testid={`inquiry-school-${s.schoolCode}`}>
              {name(s)}
            </MenuItem>
          ))}
          {applied.length > 0 && others.length > 0 && <ListSubheader>{t('inquiry.otherSchools')}</ListSubheader>}
          {others.map((s) => (
            <MenuItem key={s.schoolCode} value={s.schoolCode} data-testid={`inquiry-school-${s.schoolCode}`}>
              {name(s)}
            </MenuItem>
          ))}
        </Field>
        <Field
          label={t('inquiry.title')}
          required
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          testId="inquiry-title"
          error={errors.fields.title}
          helperText={`${title.length} / ${MAX_TITLE}`}
        />
        <Field
          label={t('inquiry.body')}
          required
          multiline
          minRows={6}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          testId="inquiry-body"
          error={errors.fields.body}
          helperText={`${body.length} / ${MAX_BODY}`}
        />
        <Box>
          <Typography component="label" htmlFor="inquiry-file" variant="body2" sx={{ display: 'block', mb: 0.5 }}>
            {t('inquiry.attachment')} ({t('inquiry.optional')})
          </Typography>
          <input
            id="inquiry-file"
            type="file"
            data-testid="inquiry-file-input"
            aria-describedby="inquiry-file-help"
            aria-invalid={errors.fields.file ? true : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            style={{ maxWidth: '100%' }}
          />
          <FormHelperText id="inquiry-file-help" error={!!errors.fields.file} data-testid="inquiry-file-help">
            {errors.fields.file ?? t('inquiry.fileHelp')}
          </FormHelperText>
        </Box>
        {errors.failure && <FormAlert testId="inquiry-error">{errors.failure}</FormAlert>}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="inquiry-submit">
            {t('inquiry.submit')}
          </Button>
          <Link component={RouterLink} to={paths.inquiry.userList.getHref(user?.userId ?? '')}>
            {t('inquiry.backToList')}
          </Link>
        </Box>
      </Stack>
    </PageFrame>
  );
}

export default InquiryNewPage;

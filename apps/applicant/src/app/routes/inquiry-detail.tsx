import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { seoulMinute } from '@/lib/format';
import { useUser } from '@/lib/session';
import { Field, FormAlert, useServerErrors } from '@/features/account/components/fields';
import { inquiryKey, useInquiry } from '@/features/inquiry/api/get-inquiry';
import { useInquiryOptions } from '@/features/inquiry/api/get-options';
import { closeInquiry, followUp } from '@/features/inquiry/api/follow-up';
import { StatusChip } from '@/features/inquiry/components/status-chip';
import { schoolName } from '@/features/inquiry/components/school-name';
import type { Inquiry } from '@/features/inquiry/types';
import { PageFrame } from './page-frame';

function Message({ who, at, body, staff, testId }: { who: string; at: string; body: string; staff?: boolean; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, bgcolor: staff ? 'grey.50' : undefined, borderColor: staff ? 'primary.light' : undefined }} data-testid={testId}>
      <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
        {who} <Typography component="span" variant="body2" color="text.secondary">· {seoulMinute(at)}</Typography>
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mt: 1 }}>{body}</Typography>
    </Paper>
  );
}

/** /inquiry/user/detail?no=: one of the member's inquiries with its answers; a follow-up while it is open. */
export function InquiryDetailPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const no = Number(params.get('no') ?? 0);
  const q = useInquiry(Number.isInteger(no) ? no : 0);
  const options = useInquiryOptions();
  const user = useUser();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useServerErrors();

  const update = (x: Inquiry) => queryClient.setQueryData(inquiryKey(no), x);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    errors.clear();
    if (!text.trim()) {
      errors.setFields({ body: t('validation.required') });
      return;
    }
    setBusy(true);
    try {
      update(await followUp(no, text));
      setText('');
    } catch (err) {
      errors.take(err, ['body']);
    } finally {
      setBusy(false);
    }
  };
  const close = async () => {
    setBusy(true);
    try {
      update(await closeInquiry(no));
    } finally {
      setBusy(false);
    }
  };

  const back = (
    <Link component={RouterLink} to={paths.inquiry.userList.getHref(user?.userId ?? '')} data-testid="inquiry-back">
      {t('inquiry.backToList')}
    </Link>
  );
  if (q.isPending && no > 0) {
    return (
      <PageFrame title={t('title.inquiryDetail')}>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      </PageFrame>
    );
  }
  if (!q.data) {
    return (
      <PageFrame title={t('title.inquiryDetail')} testId="inquiry-detail-page">
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="inquiry-missing">{t('inquiry.missing')}</Alert>
        {back}
      </PageFrame>
    );
  }
  const d = q.data;
  const school = schoolName(options.data?.schools, d.schoolCode, i18n.language);
  return (
    <PageFrame title={d.title} testId="inquiry-detail-page">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <StatusChip status={d.status} />
        <Typography variant="body2" color="text.secondary">
          {t(`inquiry.type.${d.type}`)}
          {school && ` · ${school}`} · {t('inquiry.number', { no: d.id })}
        </Typography>
      </Box>
      <Stack spacing={2}>
        <Message who={t('inquiry.question')} at={d.createdAt} body={d.body ?? ''} testId="inquiry-question" />
        {d.file && (
          <Typography variant="body2">
            {t('inquiry.attachment')}:{' '}
            <Link href={d.file.path} data-testid="inquiry-file">
              {d.file.name}
            </Link>
          </Typography>
        )}
        {(d.posts ?? []).map((p, i) => (
          <Message
            key={i}
            staff={p.staff}
            who={t(p.staff ? 'inquiry.answer' : 'inquiry.followUp')}
            at={p.at}
            body={p.body}
            testId={p.staff ? 'inquiry-answer' : 'inquiry-followup'}
          />
        ))}
        {d.status === 'waiting' && !(d.posts ?? []).some((p) => p.staff) && (
          <Alert severity="info" data-testid="inquiry-waiting">{t('inquiry.waitingNote')}</Alert>
        )}
        {d.status === 'closed' ? (
          <Alert severity="info" data-testid="inquiry-closed">{t('inquiry.closedNote')}</Alert>
        ) : (
          <Stack component="form" noValidate spacing={1.5} onSubmit={send} data-testid="inquiry-followup-form">
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              {t('inquiry.addFollowUp')}
            </Typography>
            <Field
              label={t('inquiry.body')}
              multiline
              minRows={3}
              value={text}
              onChange={(e) => setText(e.target.value)}
              testId="inquiry-followup-body"
              error={errors.fields.body}
            />
            {errors.failure && <FormAlert testId="inquiry-followup-error">{errors.failure}</FormAlert>}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button type="submit" variant="contained" disabled={busy} data-testid="inquiry-followup-submit">
                {t('inquiry.send')}
              </Button>
              <Button variant="outlined" disabled={busy} onClick={() => void close()} data-testid="inquiry-close">
                {t('inquiry.close')}
              </Button>
            </Box>
          </Stack>
        )}
        {back}
      </Stack>
    </PageFrame>
  );
}

export default InquiryDetailPage;

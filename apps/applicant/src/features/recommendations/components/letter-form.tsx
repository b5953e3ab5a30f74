import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { seoulMinute } from '@/lib/format';
import { showToast } from '@/lib/notifications';
import { saveLetter, uploadLetter, useLetterForm, type Draft, type LetterForm, type Question } from '../api/recommender';
import { keyError } from './recommender-overview';
import { RecommendStatusChip } from './status-chip';

function draftOf(f: LetterForm): Draft {
  return { answers: { ...f.answers }, profSign: f.profSign, profile: { ...f.profile } };
}

function todayInSeoul(): string {
  return seoulMinute(new Date().toISOString()).slice(0, 10);
}

/** /recommend/form/{key}: one letter on the school's template; drafts are kept, submission locks it. */
export function LetterFormPage({ recKey, reqNo }: { recKey: string; reqNo?: number }) {
  const { t } = useTranslation();
  const q = useLetterForm(recKey, reqNo);
  if (q.isPending) return <CircularProgress aria-label={t('common.loading')} />;
  if (q.isError || !q.data) return <Alert severity="error" data-testid="recommend-key-error">{keyError(t, q.error)}</Alert>;
  return <LetterEditor key={`${q.data.reqNo}-${q.data.status}`} recKey={recKey} reqNo={reqNo} initial={q.data} />;
}

function LetterEditor({ recKey, reqNo, initial }: { recKey: string; reqNo?: number; initial: LetterForm }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const [form, setForm] = useState(initial);
  const [d, setD] = useState<Draft>(() => draftOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirm, setConfirm] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const locked = !form.editable;

  useEffect(() => {
    const first = Object.keys(errors)[0];
    if (first) document.getElementById(`f-${first}`)?.scrollIntoView?.({ block: 'center' });
  }, [errors]);

  const run = async (submit: boolean) => {
    setBusy(true);
    try {
      const f = await saveLetter(recKey, reqNo, d, submit);
      setForm(f);
      setErrors({});
      showToast(t(submit ? 'recommend.submitted' : 'recommend.draftSaved'), 'success');
    } catch (e) {
      if (e instanceof ApiError) setErrors(Object.keys(e.fields).length ? e.fields : { form: e.message });
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      const f = await uploadLetter(recKey, reqNo, file, setProgress);
      setForm({ ...form, file: f.file, status: f.status });
      setErrors((x) => ({ ...x, file: '' }));
      showToast(t('recommend.fileUploaded'), 'success');
    } catch (e) {
      const msg = e instanceof ApiError ? e.fields.file ?? e.message : t('recommend.loadFailed');
      setErrors((x) => ({ ...x, file: msg }));
    } finally {
      setProgress(null);
    }
  };

  const profileField = (name: keyof Draft['profile'], required: boolean) => (
    <TextField
      id={`f-profile.${name}`}
      label={t(`recommend.profile.${name}`)}
      required={required}
      value={d.profile[name]}
      disabled={locked}
      onChange={(e) => setD({ ...d, profile: { ...d.profile, [name]: e.target.value } })}
      error={!!errors[`profile.${name}`]}
      helperText={errors[`profile.${name}`]}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `profile-${name}` } }}
    />
  );

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mr: 1 }} data-testid="letter-applicant">
            {t('recommend.forApplicant', { name: form.applicantName })}
          </Typography>
          <RecommendStatusChip status={form.status} />
        </Stack>
        <Typography variant="body2">
          {en ? form.schoolEngName : form.schoolKorName} · {en ? form.roundEngName : form.roundKorName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('recommend.writeDeadline', { time: seoulMinute(form.deadline) })}
          {form.savedAt && !locked && ` · ${t('recommend.savedAt', { time: seoulMinute(form.savedAt) })}`}
        </Typography>
        <Button component={RouterLink} to={paths.recommend.list.getHref(recKey)} size="small" sx={{ mt: 1, px: 0 }}>
          {t('recommend.allRequests')}
        </Button>
      </Paper>
      {locked && (
        <Alert severity="success" data-testid="letter-locked">
          {t('recommend.lockedBody', { time: seoulMinute(form.submittedAt) })}
        </Alert>
      )}
      {Object.keys(errors).filter((k) => errors[k]).length > 0 && (
        <Alert severity="error" data-testid="letter-errors">
          {errors.form || t('recommend.checkInput')}
        </Alert>
      )}

      <Box component="section" aria-labelledby="rec-profile">
        <Typography id="rec-profile" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('recommend.profileTitle')}
        </Typography>
        <Stack spacing={2}>
          {profileField('name', true)}
          {profileField('institution', true)}
          {profileField('position', true)}
          {profileField('phone', false)}
        </Stack>
      </Box>

      <Box component="section" aria-labelledby="rec-questions">
        <Typography id="rec-questions" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('recommend.questionsTitle')}
        </Typography>
        <Stack spacing={3}>
          {form.template.questions.map((qu, i) => (
            <QuestionField
              key={qu.code}
              no={i + 1}
              q={qu}
              en={en}
              value={d.answers[qu.code] ?? ''}
              error={errors[`answers.${qu.code}`]}
              disabled={locked}
              onChange={(v) => setD({ ...d, answers: { ...d.answers, [qu.code]: v } })}
            />
          ))}
        </Stack>
      </Box>

      <Box component="section" aria-labelledby="rec-file" id="f-file">
        <Typography id="rec-file" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t(form.fileRule.required ? 'recommend.fileTitleRequired' : 'recommend.fileTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('recommend.fileRule', { extensions: form.fileRule.extensions.join(', '), size: Math.round(form.fileRule.maxSize / 1048576) })}
        </Typography>
        {form.file && (
          <Typography sx={{ mt: 1, wordBreak: 'break-all' }} data-testid="letter-file">
            {form.file.fileName}
          </Typography>
        )}
        {!locked && (
          <>
            <Button variant="outlined" sx={{ mt: 1 }} disabled={progress !== null} onClick={() => fileInput.current?.click()}>
              {t(form.file ? 'recommend.fileReplace' : 'recommend.fileUpload')}
            </Button>
            <input
              ref={fileInput}
              hidden
              type="file"
              aria-label={t(form.file ? 'recommend.fileReplace' : 'recommend.fileUpload')}
              accept={form.fileRule.extensions.map((x) => `.${x}`).join(',')}
              onChange={(e) => {
                void onFile(e.target.files?.[0]);
                e.target.value = '';
              }}
              data-testid="letter-file-input"
            />
          </>
        )}
        {progress !== null && <LinearProgress variant="determinate" value={progress * 100} sx={{ mt: 1 }} aria-label={t('recommend.uploading')} />}
        {errors.file && <FormHelperText error>{errors.file}</FormHelperText>}
      </Box>

      <Box component="section" aria-labelledby="rec-sign">
        <Typography id="rec-sign" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('recommend.signTitle')}
        </Typography>
        <Stack spacing={2}>
          <Typography variant="body2">{t('recommend.date', { date: form.submittedAt ? seoulMinute(form.submittedAt).slice(0, 10) : todayInSeoul() })}</Typography>
          <TextField
            id="f-profSign"
            label={t('recommend.profSign')}
            required
            value={d.profSign}
            disabled={locked}
            onChange={(e) => setD({ ...d, profSign: e.target.value })}
            error={!!errors.profSign}
            helperText={errors.profSign ?? t('recommend.profSignHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'letter-sign' } }}
          />
        </Stack>
      </Box>

      {!locked && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" disabled={busy} onClick={() => void run(false)} data-testid="letter-save">
            {t('recommend.saveDraft')}
          </Button>
          <Button variant="contained" disabled={busy} onClick={() => setConfirm(true)} data-testid="letter-submit">
            {t('recommend.submit')}
          </Button>
        </Stack>
      )}
      <Dialog open={confirm} onClose={() => setConfirm(false)}>
        <DialogTitle>{t('recommend.submitTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('recommend.submitBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{t('common.close')}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void run(true)} data-testid="letter-submit-confirm">
            {t('recommend.submit')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function QuestionField({ no, q, en, value, error, disabled, onChange }: { no: number; q: Question; en: boolean; value: string; error?: string; disabled: boolean; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const label = `${no}. ${(en ? q.eng : q.kor) || q.kor || q.eng || q.code}`;
  if (q.options && q.options.length > 0) {
    const id = `q-${q.code}`;
    return (
      <FormControl id={`f-answers.${q.code}`} error={!!error} disabled={disabled} required>
        <FormLabel id={id}>{label}</FormLabel>
        <RadioGroup aria-labelledby={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={`answer-${q.code}`}>
          {q.options.map((o, i) => {
            const l = q.labels?.[i];
            return <FormControlLabel key={o} value={o} control={<Radio />} label={l ? (en ? l.eng : l.kor) : o} />;
          })}
        </RadioGroup>
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
    );
  }
  const long = q.kind === 'long';
  const max = q.max || 4000;
  return (
    <TextField
      id={`f-answers.${q.code}`}
      label={label}
      required
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      multiline={long}
      minRows={long ? 6 : undefined}
      error={!!error}
      helperText={error ?? (long ? t('recommend.chars', { n: [...value].length, max }) : undefined)}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `answer-${q.code}`, maxLength: max } }}
    />
  );
}

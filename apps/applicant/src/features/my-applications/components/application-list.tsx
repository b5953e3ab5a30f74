import { useState, type ComponentType, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { accessState } from '@/lib/access-key';
import { formatKrw, seoulMinute } from '@/lib/format';
import { showToast } from '@/lib/notifications';
import { useApplications, type ApplicationSummary } from '../api/get-applications';
import { useCancelApplication } from '../api/cancel-application';

export const ACTION_ORDER = ['edit', 'review', 'view', 'submit', 'pay', 'cancel'] as const;

/** The steps saved of the steps to save, for the progress bar. */
export function progress(a: Pick<ApplicationSummary, 'steps' | 'savedSteps'>): { saved: number; total: number } {
  const total = (a.steps ?? []).length;
  const saved = (a.savedSteps ?? []).filter((s) => (a.steps ?? []).includes(s)).length;
  return { saved, total };
}

const STEP_CODES = ['APPL_PART_SAVE', 'BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'CAREER_SAVE', 'ADD_INFO_SAVE', 'FILE_SAVE', 'SURVEY'];

/** A status in words: the steps are "in progress", the rest have their own names. */
export function statusKey(status: string): string {
  return STEP_CODES.includes(status) ? 'status.IN_PROGRESS' : `status.${status}`;
}

/** What other features show on an application's card, given by the page
 * (src/app): the page composes features, they do not import each other. */
export type ApplicationCardParts = {
  /** the refund request of a paid application (completed, or cancelled by a full refund) */
  RefundRequest: ComponentType<{ applNo: number; status: string }>;
  /** the exam slip and the application's PDF (submitted or completed) */
  Slip: ComponentType<{ applNo: number; slip: boolean }>;
};

export type ApplicationListProps = {
  filter?: (a: ApplicationSummary) => boolean;
  /** adds what another feature shows under an application (its refunds) */
  extra?: (a: ApplicationSummary) => ReactNode;
  parts: ApplicationCardParts;
};

/** /list: my applications with the actions their status allows. */
export function ApplicationList({ filter, extra, parts }: ApplicationListProps) {
  const { t } = useTranslation();
  const list = useApplications();
  if (list.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (list.isError) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  const items = filter ? list.data.filter(filter) : list.data;
  if (items.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="appl-list-empty">
        <Typography color="text.secondary">{t('list.empty')}</Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={2} data-testid="appl-list">
      {items.map((a) => (
        <ApplicationCard key={a.applNo} a={a} extra={extra?.(a)} parts={parts} />
      ))}
    </Stack>
  );
}

function ApplicationCard({ a, extra, parts: { RefundRequest, Slip } }: { a: ApplicationSummary; extra?: ReactNode; parts: ApplicationCardParts }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const navigate = useNavigate();
  const cancel = useCancelApplication();
  const [confirm, setConfirm] = useState(false);
  const { saved, total } = progress(a);
  const step = a.step || a.status;
  const actions = ACTION_ORDER.filter((x) => (a.actions ?? []).includes(x));
  const go = (action: string) => {
    if (action === 'edit' || action === 'view' || action === 'review') {
      void navigate(paths.appl.redirectTo.getHref(action), { state: accessState({ applNo: a.applNo }) });
    } else if (action === 'submit') {
      void navigate(paths.appl.submit.getHref(), { state: accessState({ applNo: a.applNo }) });
    } else if (action === 'pay') {
      void navigate(paths.appl.pay.getHref(), { state: accessState({ applNo: a.applNo }) });
    } else if (action === 'cancel') setConfirm(true);
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid={`appl-row-${a.applNo}`} data-appl-no={a.applNo}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" data-testid="appl-school">
            {en ? a.schoolComm.engName : a.schoolComm.korName}
          </Typography>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }} data-testid="appl-round">
            {en ? a.roundEngName : a.roundKorName}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="appl-part">
            {en ? a.applPartlabel?.eng : a.applPartlabel?.kor}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="div" data-testid="appl-round-facts">
            {a.submitDeadline && (
              <span data-testid="appl-deadline">{t('flow.deadline', { time: seoulMinute(a.submitDeadline) })}</span>
            )}
            {a.submitDeadline && a.feeKrw !== undefined && ' · '}
            {a.feeKrw !== undefined && (
              <span data-testid="appl-fee">
                {t('flow.fee', { fee: a.feeKrw > 0 ? formatKrw(a.feeKrw, i18n.language) : t('flow.free') })}
              </span>
            )}
          </Typography>
          {a.applId && (
            <Typography variant="body2" data-testid="appl-id">
              {t('list.applId', { id: a.applId })}
            </Typography>
          )}
        </Box>
        <Chip
          label={t(statusKey(a.status))}
          color={a.status === 'COMPLETE' ? 'success' : a.status === 'CANCEL' ? 'default' : 'primary'}
          variant={a.status === 'CANCEL' ? 'outlined' : 'filled'}
          data-testid="appl-status"
          data-status={a.status}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        />
      </Stack>
      {extra}
      {a.isApplReviewing && (
        <Alert
          severity={a.reviewStatus === 'COMPLETE' ? 'success' : STEP_CODES.includes(a.reviewStatus ?? '') ? 'warning' : 'info'}
          sx={{ mt: 2 }}
          data-testid="appl-review"
          data-review-status={a.reviewStatus ?? ''}
        >
          {a.reviewStatus === 'COMPLETE'
            ? t('form.reviewCompleted')
            : STEP_CODES.includes(a.reviewStatus ?? '')
              ? t('form.underReview')
              : t('list.reviewing')}
        </Alert>
      )}
      <Box sx={{ mt: 2 }}>
        <Typography variant="body2" data-testid="appl-step" data-step={step}>
          {t('list.step', { step: t(`step.${step}`) || step })}
          {a.nextStep && a.status !== 'CANCEL' ? ` · ${t('list.nextStep', { step: t(`step.${a.nextStep}`) || a.nextStep })}` : ''}
        </Typography>
        <LinearProgress variant="determinate" value={total ? (saved / total) * 100 : 0} sx={{ mt: 1, height: 6, borderRadius: 3 }} aria-label={t('list.progress', { saved, total })} />
        <Typography variant="caption" color="text.secondary">
          {t('list.progress', { saved, total })}
        </Typography>
      </Box>
      {actions.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          {actions.map((x) => (
            <Button key={x} size="small" variant={x === 'edit' ? 'contained' : 'outlined'} color={x === 'cancel' ? 'error' : 'primary'} onClick={() => go(x)} data-testid={`appl-action-${x}`}>
              {t(`list.action.${x}`)}
            </Button>
          ))}
        </Stack>
      )}
      {(a.status === 'COMPLETE' || a.status === 'CANCEL') && <RefundRequest applNo={a.applNo} status={a.status} />}
      {(a.status === 'COMPLETE' || a.status === 'SUBMIT') && <Box sx={{ mt: 1 }}><Slip applNo={a.applNo} slip={a.status === 'COMPLETE'} /></Box>}
      {a.status !== 'CANCEL' && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => void navigate(paths.appl.recommendRequestList.getHref(), { state: accessState({ applNo: a.applNo }) })} data-testid="appl-recommend">
          {t('recommend.openLetters')}
        </Button>
      )}
      <Dialog open={confirm} onClose={() => setConfirm(false)}>
        <DialogTitle>{t('list.cancelTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('list.cancelBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{t('common.close')}</Button>
          <Button
            color="error"
            data-testid="appl-cancel-confirm"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(a.applNo, {
                onSuccess: () => {
                  setConfirm(false);
                  showToast(t('list.cancelled'), 'success');
                },
                onError: () => setConfirm(false),
              })
            }
          >
            {t('list.cancelConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

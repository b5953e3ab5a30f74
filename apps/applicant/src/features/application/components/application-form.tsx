import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { AcceptedConsents } from './accepted-consents';
import { paths } from '@/config/paths';
import { accessState } from '@/lib/access-key';
import { ApiError } from '@/lib/api-client';
import { showToast } from '@/lib/notifications';
import { viewModeStore } from '@/lib/view-mode';
import { SchoolTheme } from '@/components/theme/school-theme';
import { applicationKey, useApplication } from '../api/get-application';
import { useRecruit } from '../api/get-recruit';
import { useCodeGroups } from '../api/get-code-groups';
import { useCountries } from '../api/get-countries';
import { useInfoSettings } from '../api/get-info-settings';
import type { ApplicationMode, ApplicationRecord, InfoItem } from '../types';
import { formSteps, initialStep, isLastStep, neighbours, openableSteps, type StepCode } from '../utils/steps';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { ApplicationFormContext, type ApplicationFormValue, type DocumentsSlotProps } from './form-context';
import { NotFound } from './not-found';
import { FormStepper } from './form-stepper';
import { BasicInfoStep } from './steps/basic-info-step';
import { AcademicStep } from './steps/academic-step';
import { LanguageStep } from './steps/language-step';
import { CareerStep } from './steps/career-step';
import { AdditionalInfoStep } from './steps/additional-info-step';
import { DocumentsStep } from './steps/documents-step';
import { SurveyStep } from './steps/survey-step';

const STEP_COMPONENTS: Record<StepCode, (() => React.ReactElement) | null> = {
  APPL_PART_SAVE: null,
  BASIS_SAVE: BasicInfoStep,
  ACAD_SAVE: AcademicStep,
  LANG_SAVE: LanguageStep,
  CAREER_SAVE: CareerStep,
  ADD_INFO_SAVE: AdditionalInfoStep,
  FILE_SAVE: DocumentsStep,
  SURVEY: SurveyStep,
};

/** Whether the screen lets the user change the application (view mode never does). */
export function isReadOnly(mode: ApplicationMode, app: Pick<ApplicationRecord, 'actions'>): boolean {
  const actions = app.actions ?? [];
  if (mode === 'view') return true;
  if (mode === 'review') return !actions.includes('review') && !actions.includes('edit');
  return !actions.includes('edit');
}

export type ApplicationFormProps = {
  applNo: number;
  mode: ApplicationMode;
  reviewCompleted?: boolean;
  /** the step in the address (?step=) */
  requestedStep: string | null;
  onStepChange: (step: StepCode) => void;
  /** the documents panel of the FILE_SAVE step */
  documents: ComponentType<DocumentsSlotProps>;
};

/** /appl/form: the steps of the school's list for one application. */
export function ApplicationForm(props: ApplicationFormProps) {
  const { t, i18n } = useTranslation();
  const appQ = useApplication(props.applNo);
  const round = appQ.data?.schoolComm;
  const recruitQ = useRecruit(round);
  const codesQ = useCodeGroups(round?.schoolCode);
  const countriesQ = useCountries();
  const part = recruitQ.data?.parts?.find((p) => p.majorCode === appQ.data?.majorCode && p.isMaster === appQ.data?.isMaster);
  const infoQ = useInfoSettings(
    round && recruitQ.data ? { schoolCode: round.schoolCode, enterYear: round.enterYear, recruitPartSeq: round.recruitPartSeq, applPartNo: part?.applPartNo ?? 0 } : null,
  );

  if (appQ.isError) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        {appQ.error instanceof ApiError && appQ.error.status === 404 ? <NotFound /> : <Alert severity="error">{t('form.loadFailed')}</Alert>}
      </Container>
    );
  }
  const failed = recruitQ.isError || codesQ.isError || countriesQ.isError;
  if (failed) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="error">{t('form.loadFailed')}</Alert>
      </Container>
    );
  }
  if (!appQ.data || !recruitQ.data || !codesQ.data || !countriesQ.data || infoQ.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} data-testid="form-loading">
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  const lang = i18n.language === 'en' ? 'en' : 'ko';
  const countries = lang === 'en' ? countriesQ.data.orderEn : countriesQ.data.orderKr;
  const items: Record<string, InfoItem> = {};
  for (const it of infoQ.data?.items ?? []) items[it.itemCode] = it;
  return (
    <SchoolTheme color={recruitQ.data.color}>
      <FormShell {...props} app={appQ.data} recruit={recruitQ.data} part={part} codes={codesQ.data} countries={countries} infoItems={items} lang={lang} />
    </SchoolTheme>
  );
}

type ShellProps = ApplicationFormProps &
  Pick<ApplicationFormValue, 'app' | 'recruit' | 'part' | 'codes' | 'countries' | 'infoItems' | 'lang'>;

function FormShell({ applNo, mode, reviewCompleted, requestedStep, onStepChange, documents, app, recruit, part, codes, countries, infoItems, lang }: ShellProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const readOnly = isReadOnly(mode, app);
  const viewOnly = mode === 'view';
  const steps = formSteps(app.steps);
  const open = openableSteps(app.steps, app.savedSteps, readOnly);
  const step = initialStep(requestedStep, app.steps, app.savedSteps, readOnly) ?? steps[0];
  const { prev, next } = neighbours(step, app.steps);
  const [dirty, setDirty] = useState(false);
  const flushRef = useRef<(() => Promise<unknown>) | null>(null);
  const { blocker, allowNextLeave } = useLeaveGuard(dirty && !readOnly);

  // view mode hides the header and is never left from this screen (decisions.md)
  useEffect(() => {
    if (!viewOnly) return;
    viewModeStore.set(true);
    return () => viewModeStore.set(false);
  }, [viewOnly]);

  useEffect(() => {
    if (step && step !== requestedStep) onStepChange(step);
  }, [step, requestedStep, onStepChange]);

  const setFlush = useCallback((f: (() => Promise<unknown>) | null) => {
    flushRef.current = f;
  }, []);
  // After "next", "previous" or a step chosen in the stepper, focus goes to the
  // new step's heading (issue 21): a screen reader reads where it is, and the
  // keyboard goes on from the top of the step, not from the page's start.
  const stepTitleRef = useRef<HTMLHeadingElement | null>(null);
  const focusStepTitle = useRef(false);
  const goTo = useCallback(
    async (s: StepCode) => {
      await flushRef.current?.();
      focusStepTitle.current = s !== step;
      onStepChange(s);
      window.scrollTo?.({ top: 0 });
    },
    [onStepChange, step],
  );
  useEffect(() => {
    if (!focusStepTitle.current) return;
    focusStepTitle.current = false;
    stepTitleRef.current?.focus({ preventScroll: true });
  }, [step]);
  const updateRecord = useCallback(
    (record: Partial<ApplicationRecord>) => {
      queryClient.setQueryData<ApplicationRecord>(applicationKey(applNo), (old) => {
        if (!old) return old;
        const keep = ['status', 'reviewStatus', 'isApplReviewing', 'savedSteps', 'nextStep', 'actions', 'steps', 'applicantName', 'submitOpen'] as const;
        const next = { ...old };
        for (const k of keep) if (k in record && record[k] !== undefined) (next as Record<string, unknown>)[k] = record[k];
        return next;
      });
      void queryClient.invalidateQueries({ queryKey: ['applications'] });
    },
    [queryClient, applNo],
  );
  const complete = useCallback(() => {
    showToast(t('form.completed'), 'success');
    allowNextLeave();
    void navigate(paths.list.getHref());
  }, [navigate, t, allowNextLeave]);
  const close = useCallback(() => void navigate(paths.list.getHref()), [navigate]);

  const value: ApplicationFormValue = {
    applNo, mode, readOnly, lang, app, recruit, part, codes, countries, infoItems,
    step, prevStep: prev, nextStep: next, isLast: isLastStep(step, app.steps),
    goTo, complete, close, setDirty, setFlush, updateRecord, Documents: documents,
  };
  const StepComponent = STEP_COMPONENTS[step];
  const schoolName = lang === 'en' ? recruit.schoolEngName : recruit.schoolKorName;
  const roundName = lang === 'en' ? recruit.engName : recruit.korName;
  const partLabel = lang === 'en' ? app.applPartlabel?.eng : app.applPartlabel?.kor;
  const saved = new Set(app.savedSteps ?? []);

  const openPart = () => {
    void navigate(paths.appl.part.getHref(), {
      state: accessState({ applNo, round: { schoolCode: app.schoolComm.schoolCode, enterYear: app.schoolComm.enterYear, recruitPartSeq: app.schoolComm.recruitPartSeq } }),
    });
  };

  return (
    <ApplicationFormContext.Provider value={value}>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 2, md: 3 } }} data-testid="form-header">
        <Container maxWidth="md">
          <Typography variant="overline" sx={{ opacity: 0.9 }}>
            {schoolName}
          </Typography>
          <Typography variant="h6" component="h1" sx={{ fontWeight: 700 }} data-testid="form-title">
            {roundName}
          </Typography>
          <Typography variant="body2" sx={{ opacity: 0.9 }} data-testid="form-part">
            {partLabel}
          </Typography>
        </Container>
      </Box>
      <Container maxWidth="md" sx={{ py: 3 }}>
        {viewOnly && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="view-mode-notice">
            {t('error.viewModeRestricted')}
          </Alert>
        )}
        {!viewOnly && readOnly && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="read-only-notice">
            {t('form.notModifiable')}
          </Alert>
        )}
        {mode === 'review' && (
          <Alert severity={reviewCompleted ? 'success' : 'info'} sx={{ mb: 2 }} data-testid="review-notice">
            {reviewCompleted ? t('form.reviewCompleted') : t('form.underReview')}
          </Alert>
        )}
        <FormStepper steps={steps} step={step} saved={saved} open={open} readOnly={readOnly} onGo={(s) => void goTo(s)} onPart={openPart} />
        <Typography ref={stepTitleRef} tabIndex={-1} variant="h5" component="h2" sx={{ mb: 2, fontWeight: 700, outline: 'none' }} data-testid="step-title">
          {t(`step.${step}`)}
        </Typography>
        {StepComponent ? <StepComponent key={step} /> : null}
        <AcceptedConsents applNo={applNo} />
      </Container>
      <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} data-testid="leave-dialog">
        <DialogTitle>{t('form.leaveTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('form.leaveBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()} data-testid="leave-stay">
            {t('form.leaveStay')}
          </Button>
          <Button
            color="error"
            onClick={() => {
              void (flushRef.current?.() ?? Promise.resolve()).finally(() => blocker.proceed?.());
            }}
            data-testid="leave-confirm"
          >
            {t('form.leaveConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </ApplicationFormContext.Provider>
  );
}

export function useStepParam(): [string | null, (s: StepCode) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const requested = useMemo(() => new URLSearchParams(location.search).get('step'), [location.search]);
  const set = useCallback(
    (s: StepCode) => {
      if (new URLSearchParams(window.location.search).get('step') === s) return;
      // the rest of the address (the application) stays
      const q = new URLSearchParams(location.search);
      q.set('step', s);
      void navigate({ pathname: location.pathname, search: `?${q.toString()}` }, { state: location.state, replace: !requested });
    },
    [navigate, location.pathname, location.search, location.state, requested],
  );
  return [requested, set];
}

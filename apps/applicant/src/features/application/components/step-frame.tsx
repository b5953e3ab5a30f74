import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { FormProvider, useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { ApiError } from '@/lib/api-client';
import { showToast } from '@/lib/notifications';
import type { StepResponse } from '../types';
import { useApplicationForm } from './form-context';
import { FieldErrorsProvider, useFieldErrors, useUnshownErrors } from '@/hooks/use-field-errors';
import { readLocalDraft, useDraftAutosave, type DraftStatus } from '../hooks/use-draft-autosave';
import { deleteDraft } from '../api/delete-draft';
import { draftToRestore, snapshot } from '../utils/draft';
import { mapServerFields } from '@/lib/field-errors';
import { NotFound } from './not-found';

export type StepFrameProps<R extends StepResponse, T extends FieldValues> = {
  query: UseQueryResult<R>;
  /** the form values of a step answer (GET or POST) */
  toForm: (r: R) => T;
  /** the shape of a new list item at a path (for restoring drafts of lists) */
  itemTemplate?: (path: string) => unknown;
  save: (values: T) => Promise<R>;
  /** moves a server path to the form's (e.g. the index of a survey answer to its question) */
  renameError?: (path: string, values: T) => string;
  children: ReactNode;
};

export function StepFrame<R extends StepResponse, T extends FieldValues>(props: StepFrameProps<R, T>) {
  const { t } = useTranslation();
  const { query } = props;
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} data-testid="step-loading">
        <CircularProgress size={28} aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (query.isError || !query.data) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return (
      <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{t('form.retry')}</Button>}>
        {t('form.loadFailed')}
      </Alert>
    );
  }
  return (
    <FieldErrorsProvider>
      <StepForm {...props} data={query.data} />
    </FieldErrorsProvider>
  );
}

const cssEscape = (s: string) => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(s) : s.replace(/["\\]/g, '\\$&'));

function focusFirstError(paths: string[]) {
  const els = paths
    .map((p) => document.querySelector<HTMLElement>(`[name="${cssEscape(p)}"], [data-error-anchor="${cssEscape(p)}"]`))
    .filter((e): e is HTMLElement => !!e);
  els.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const target = els[0] ?? document.querySelector<HTMLElement>('[data-testid="step-errors"]');
  target?.scrollIntoView?.({ block: 'center' });
  target?.focus?.({ preventScroll: true });
}

function StepForm<R extends StepResponse, T extends FieldValues>({ data, toForm, itemTemplate, save, renameError, children }: StepFrameProps<R, T> & { data: R }) {
  const { t, i18n } = useTranslation();
  const ctx = useApplicationForm();
  const { applNo, step, readOnly, setDirty, setFlush, updateRecord } = ctx;
  const errors = useFieldErrors();
  const saved = useMemo(() => toForm(data), [data, toForm]);
  // the server's draft, else one this tab kept when the server could not (newer than the last save)
  const draftSource = useMemo(() => {
    if (data.draft) return data.draft;
    const local = readLocalDraft(applNo, step);
    const updatedAt = Date.parse(String((data as { updatedAt?: string }).updatedAt ?? ''));
    if (!local || (!Number.isNaN(updatedAt) && Date.parse(local.savedAt) <= updatedAt)) return null;
    return local;
  }, [data, applNo, step]);
  const restored = useMemo(() => (readOnly ? null : draftToRestore(saved, draftSource, itemTemplate)), [saved, draftSource, itemTemplate, readOnly]);
  const form = useForm<T>({ defaultValues: (restored ?? saved) as DefaultValues<T> });
  const savedSnap = useRef(snapshot(saved));
  const [dirty, setDirtyLocal] = useState(!!restored);
  const [showRestored, setShowRestored] = useState(!!restored);
  const [saving, setSaving] = useState(false);
  // a refusal without a field to show it at (network, server error): "save failed" (seed section 8)
  const [saveFailed, setSaveFailed] = useState(false);
  const draft = useDraftAutosave({
    applNo,
    step,
    enabled: !readOnly,
    hasServerDraft: !!data.draft,
    restoredAt: restored && data.draft ? data.draft.savedAt ?? null : null,
  });
  const { schedule } = draft;
  const alreadySaved = (ctx.app.savedSteps ?? []).includes(step);

  useEffect(() => {
    setDirty(dirty);
  }, [dirty, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);

  useEffect(() => {
    const sub = form.watch((values) => {
      const snap = snapshot(values);
      const isDirty = snap !== savedSnap.current;
      setDirtyLocal(isDirty);
      schedule(JSON.parse(snap), isDirty);
    });
    return () => sub.unsubscribe();
  }, [form, schedule]);

  useEffect(() => {
    setFlush(draft.flush);
    return () => setFlush(null);
  }, [setFlush, draft.flush]);

  const doSave = useCallback(async (): Promise<boolean> => {
    if (readOnly) {
      showToast(t('error.viewModeRestricted'), 'info');
      return false;
    }
    setSaving(true);
    setSaveFailed(false);
    try {
      await draft.settle();
      const values = form.getValues();
      const res = await save(values);
      const next = toForm(res);
      savedSnap.current = snapshot(next);
      draft.markSaved();
      form.reset(next);
      setDirtyLocal(false);
      setShowRestored(false);
      errors.setErrors({});
      updateRecord(res);
      showToast(t('form.saved'), 'success');
      return true;
    } catch (e) {
      // the refused values were taken off the draft queue by settle: keep them (defect 3)
      const now = snapshot(form.getValues());
      void draft.keep(JSON.parse(now), now !== savedSnap.current);
      if (e instanceof ApiError && Object.keys(e.fields).length > 0) {
        const values = form.getValues();
        const mapped = mapServerFields(e.fields, (p) => (renameError ? renameError(p, values) : p));
        errors.setErrors(mapped);
        setTimeout(() => focusFirstError(Object.keys(mapped)), 50);
      } else {
        setSaveFailed(true);
      }
      return false;
    } finally {
      setSaving(false);
    }
  }, [readOnly, draft, form, save, toForm, errors, updateRecord, renameError, t]);

  const discardDraft = async () => {
    await draft.settle();
    form.reset(saved);
    savedSnap.current = snapshot(saved);
    setDirtyLocal(false);
    setShowRestored(false);
    draft.markSaved();
    await deleteDraft(applNo, step).catch(() => undefined);
  };

  const goPrev = async () => {
    if (ctx.prevStep) await ctx.goTo(ctx.prevStep);
  };
  const goNext = async () => {
    if (!ctx.nextStep) return;
    if (readOnly || (!dirty && alreadySaved) || (await doSave())) await ctx.goTo(ctx.nextStep);
  };
  const complete = async () => {
    if ((!dirty && alreadySaved) || (await doSave())) ctx.complete();
  };

  const draftTime = (iso: string | null | undefined) => {
    if (!iso) return '';
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(i18n.language === 'en' ? 'en-GB' : 'ko-KR', { timeZone: 'Asia/Seoul' });
  };

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void doSave();
        }}
        data-testid={`step-form-${step}`}
      >
        {showRestored && (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            data-testid="draft-restored"
            action={
              <Button color="inherit" size="small" onClick={() => void discardDraft()} data-testid="draft-discard">
                {t('form.discardDraft')}
              </Button>
            }
          >
            {t('form.draftRestored', { time: draftTime(draftSource?.savedAt) })}
          </Alert>
        )}
        <ErrorSummary />
        <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          {children}
        </fieldset>
        {saveFailed && (
          <Alert severity="error" sx={{ mt: 3 }} role="alert" data-testid="step-save-failed">
            {t('error.saveFailed')}
          </Alert>
        )}
        <Paper
          variant="outlined"
          sx={{ position: 'sticky', bottom: 0, mt: 3, p: 1.5, zIndex: 2, bgcolor: 'background.paper' }}
          data-testid="step-actions"
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" onClick={() => void goPrev()} disabled={!ctx.prevStep || saving} data-testid="step-prev">
              {t('form.prev')}
            </Button>
            {!readOnly && (
              <Button type="submit" variant="outlined" disabled={saving} data-testid="step-save">
                {t('form.save')}
              </Button>
            )}
            {ctx.nextStep && (
              <Button variant="contained" onClick={() => void goNext()} disabled={saving} data-testid="step-next">
                {t('form.next')}
              </Button>
            )}
            {!ctx.nextStep && !readOnly && (
              <Button variant="contained" onClick={() => void complete()} disabled={saving} data-testid="step-complete">
                {t('form.complete')}
              </Button>
            )}
            {readOnly && (
              <Button variant="contained" onClick={ctx.close} data-testid="step-close">
                {t('form.close')}
              </Button>
            )}
            <Box sx={{ flex: 1 }} />
            {!readOnly && <DraftStatusText status={draft.status} dirty={dirty} time={draftTime(draft.savedAt)} />}
          </Stack>
        </Paper>
      </Box>
    </FormProvider>
  );
}

function DraftStatusText({ status, dirty, time }: { status: DraftStatus; dirty: boolean; time: string }) {
  const { t } = useTranslation();
  let text: string;
  if (status === 'pending') text = t('form.draftPending');
  else if (status === 'saving') text = t('form.draftSaving');
  else if (status === 'saved') text = t('form.draftSaved', { time });
  else if (status === 'error') text = t('form.draftFailed');
  else text = dirty ? t('form.draftPending') : t('form.allSaved');
  return (
    <Typography
      variant="caption"
      color={status === 'error' ? 'error' : 'text.secondary'}
      data-testid="draft-status"
      data-status={status === 'idle' ? (dirty ? 'dirty' : 'clean') : status}
      aria-live="polite"
    >
      {text}
    </Typography>
  );
}

function ErrorSummary() {
  const { t } = useTranslation();
  const { errors } = useFieldErrors();
  const rest = useUnshownErrors();
  const count = Object.keys(errors).length;
  if (count === 0) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="step-errors" tabIndex={-1}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('form.errorCount', { count })}
      </Typography>
      {Object.keys(rest).length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {Object.entries(rest).map(([path, message]) => (
            <li key={path} data-testid={`summary-${path}`}>
              {message}
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

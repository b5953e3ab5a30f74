import { useCallback, useEffect, useRef, useState } from 'react';
import { saveDraft } from '../api/save-draft';
import { deleteDraft } from '../api/delete-draft';

export type DraftStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export const DRAFT_DELAY_MS = 1000;

/**
 * When the server cannot keep a draft (offline, or refused after the
 * deadline) it is kept in this browser tab only (sessionStorage: gone when
 * the tab closes, since drafts may hold identification numbers).
 */
const localKey = (applNo: number, step: string) => `gradapply.draft.${applNo}.${step}`;

export type LocalDraft = { data: unknown; savedAt: string };

export function readLocalDraft(applNo: number, step: string): LocalDraft | null {
  try {
    const raw = window.sessionStorage.getItem(localKey(applNo, step));
    const v = raw ? (JSON.parse(raw) as LocalDraft) : null;
    return v && typeof v === 'object' && typeof v.savedAt === 'string' ? v : null;
  } catch {
    return null;
  }
}

function writeLocalDraft(applNo: number, step: string, data: unknown): void {
  try {
    window.sessionStorage.setItem(localKey(applNo, step), JSON.stringify({ data, savedAt: new Date().toISOString() }));
  } catch {
    /* storage full or disabled: the status already says the draft failed */
  }
}

export function clearLocalDraft(applNo: number, step: string): void {
  try {
    window.sessionStorage.removeItem(localKey(applNo, step));
  } catch {
    /* nothing kept */
  }
}

type Options = {
  applNo: number;
  step: string;
  enabled: boolean;
  /** the server already holds a draft of this step (restored on load) */
  hasServerDraft: boolean;
  /** when the restored server draft was saved */
  restoredAt?: string | null;
  delay?: number;
};

/**
 * "Nothing typed is lost": the step's unsaved form state is sent to the server
 * as a draft, debounced, and flushed when the step closes or the tab goes
 * away. A change back to the saved values removes the server's draft.
 */
export function useDraftAutosave({ applNo, step, enabled, hasServerDraft, restoredAt = null, delay = DRAFT_DELAY_MS }: Options) {
  const [status, setStatus] = useState<DraftStatus>(restoredAt ? 'saved' : 'idle');
  const [savedAt, setSavedAt] = useState<string | null>(restoredAt);
  const pending = useRef<{ values: unknown; dirty: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<Promise<unknown> | null>(null);
  const serverHasDraft = useRef(hasServerDraft);
  const alive = useRef(true);

  const send = useCallback(
    (keepalive = false): Promise<unknown> => {
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = null;
      }
      const job = pending.current;
      pending.current = null;
      if (!job || !enabled) return inflight.current ?? Promise.resolve();
      const run = async () => {
        if (alive.current) setStatus('saving');
        try {
          if (job.dirty) {
            const r = await saveDraft(applNo, step, job.values, keepalive);
            clearLocalDraft(applNo, step);
            serverHasDraft.current = true;
            if (alive.current) {
              setSavedAt(r?.savedAt ?? new Date().toISOString());
              setStatus('saved');
            }
          } else {
            clearLocalDraft(applNo, step);
            if (serverHasDraft.current) await deleteDraft(applNo, step);
            serverHasDraft.current = false;
            if (alive.current) setStatus('idle');
          }
        } catch {
          if (job.dirty) writeLocalDraft(applNo, step, job.values);
          if (alive.current) setStatus('error');
        }
      };
      const previous = inflight.current ?? Promise.resolve();
      const p = previous.then(run, run);
      inflight.current = p;
      void p.finally(() => {
        if (inflight.current === p) inflight.current = null;
      });
      return p;
    },
    [applNo, step, enabled],
  );

  /** Called on every change with the form values and whether they differ from the saved ones. */
  const schedule = useCallback(
    (values: unknown, dirty: boolean) => {
      if (!enabled) return;
      if (!dirty && !serverHasDraft.current && !pending.current) {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
        setStatus('idle');
        return;
      }
      pending.current = { values, dirty };
      setStatus(dirty ? 'pending' : 'idle');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), delay);
    },
    [enabled, delay, send],
  );

  /** Sends what is waiting now (before switching steps). */
  const flush = useCallback(() => send(), [send]);

  /** Before a real save: drop what is waiting and wait for a draft on its way (the save deletes the draft). */
  const settle = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    await (inflight.current ?? Promise.resolve());
  }, []);

  /**
   * After a refused or failed real save: what the form holds is kept as a
   * draft at once (settle dropped the waiting one), so leaving loses nothing
   * and later changes are drafted as before.
   */
  const keep = useCallback(
    (values: unknown, dirty: boolean) => {
      if (!enabled || (!dirty && !serverHasDraft.current)) return Promise.resolve();
      pending.current = { values, dirty };
      return send();
    },
    [enabled, send],
  );

  /** After a real save the server holds no draft. */
  const markSaved = useCallback(() => {
    clearLocalDraft(applNo, step);
    serverHasDraft.current = false;
    setStatus('idle');
    setSavedAt(null);
  }, [applNo, step]);

  useEffect(() => {
    alive.current = true;
    const onHide = () => void send(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      alive.current = false;
      void send();
    };
  }, [send]);

  return { status, savedAt, schedule, flush, settle, keep, markSaved };
}

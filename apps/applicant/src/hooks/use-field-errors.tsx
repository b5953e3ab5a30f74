import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { clearError, splitErrors, type FieldErrors } from '@/lib/field-errors';

type FieldErrorsValue = {
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
  clear: (path: string) => void;
  register: (path: string) => () => void;
  shown: () => ReadonlySet<string>;
};

const FieldErrorsContext = createContext<FieldErrorsValue | null>(null);

/** Holds the server's field errors of one step; fields show theirs, the rest go to the summary. */
export function FieldErrorsProvider({ children }: { children: ReactNode }) {
  const [errors, setErrorsState] = useState<FieldErrors>({});
  const shownRef = useRef(new Map<string, number>());
  const setErrors = useCallback((e: FieldErrors) => setErrorsState(e), []);
  const clear = useCallback((path: string) => setErrorsState((prev) => clearError(prev, path)), []);
  const register = useCallback((path: string) => {
    const m = shownRef.current;
    m.set(path, (m.get(path) ?? 0) + 1);
    return () => {
      const n = (m.get(path) ?? 1) - 1;
      if (n <= 0) m.delete(path);
      else m.set(path, n);
    };
  }, []);
  const shown = useCallback(() => new Set(shownRef.current.keys()) as ReadonlySet<string>, []);
  const value = useMemo(() => ({ errors, setErrors, clear, register, shown }), [errors, setErrors, clear, register, shown]);
  return <FieldErrorsContext.Provider value={value}>{children}</FieldErrorsContext.Provider>;
}

export function useFieldErrors(): FieldErrorsValue {
  const ctx = useContext(FieldErrorsContext);
  if (!ctx) throw new Error('useFieldErrors outside FieldErrorsProvider');
  return ctx;
}

/** The server's message for a field shown on the page; `clear` removes it when the user edits. */
export function useFieldError(path: string): { message: string | undefined; clear: () => void } {
  const ctx = useContext(FieldErrorsContext);
  const register = ctx?.register;
  useEffect(() => register?.(path), [register, path]);
  const clearFn = ctx?.clear;
  const message = ctx?.errors[path];
  const clear = useCallback(() => {
    if (message !== undefined) clearFn?.(path);
  }, [clearFn, path, message]);
  return { message, clear };
}

/** Errors no field on the page shows (e.g. a list-level rule of a hidden group). */
export function useUnshownErrors(): FieldErrors {
  const { errors, shown } = useFieldErrors();
  return splitErrors(errors, shown()).rest;
}

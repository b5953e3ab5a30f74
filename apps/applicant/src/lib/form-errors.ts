import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { TFunction } from './translator';
import { ApiError } from './api-client';

/** Client-side messages are catalogue keys; server messages are already localised text. */
export function fieldErrorText(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : t(error.message);
}

/** Puts the server's field errors at the fields of the form; returns the
 * names that had no matching field. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly string[],
): string[] {
  if (!(error instanceof ApiError)) return [];
  const rest: string[] = [];
  let focused = false;
  for (const [name, message] of Object.entries(error.fields)) {
    if (formFields.includes(name)) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else {
      rest.push(name);
    }
  }
  return rest;
}

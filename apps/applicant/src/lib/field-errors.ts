/**
 * The server names a field by the JSON path the client sent
 * (`applicantInfo.korName`, `acadList[1].gpa`, `acadList`); the form names it
 * with dots only (`acadList.1.gpa`), as react-hook-form does.
 */
export function toFieldPath(serverKey: string): string {
  return serverKey.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

export type FieldErrors = Record<string, string>;

/** The server's `fields` as form paths; `rename` may move a path (e.g. a survey answer index to its question). */
export function mapServerFields(
  fields: Record<string, string> | null | undefined,
  rename: (path: string) => string = (p) => p,
): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    if (typeof message !== 'string') continue;
    const path = rename(toFieldPath(key));
    if (!(path in out)) out[path] = message;
  }
  return out;
}

/** Errors of the fields shown on the page, and the rest (shown in the step's summary). */
export function splitErrors(errors: FieldErrors, shown: ReadonlySet<string>): { atFields: FieldErrors; rest: FieldErrors } {
  const atFields: FieldErrors = {};
  const rest: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (shown.has(path)) atFields[path] = message;
    else rest[path] = message;
  }
  return { atFields, rest };
}

/** Removes the error of a path once the user edits it (and the list-level error of its list). */
export function clearError(errors: FieldErrors, path: string): FieldErrors {
  if (!(path in errors)) return errors;
  const next = { ...errors };
  delete next[path];
  return next;
}

/** The first path in document order among the given ones (for focusing). */
export function firstPath(paths: string[], order: string[]): string | undefined {
  let best: string | undefined;
  let bestIndex = Number.POSITIVE_INFINITY;
  for (const p of paths) {
    const i = order.indexOf(p);
    if (i >= 0 && i < bestIndex) {
      best = p;
      bestIndex = i;
    }
  }
  return best ?? paths[0];
}

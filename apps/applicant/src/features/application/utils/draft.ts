/**
 * Restoring a server-side draft into a step's form: the draft is whatever the
 * SPA stored earlier (maybe by an older version of the form), so it is laid
 * over the saved values field by field, keeping the form's shape and types.
 */
type Json = unknown;

function isPlainObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The same shape with every value emptied ('' / false / 0 / [] / blank objects). */
export function blankOf<T>(v: T): T {
  if (Array.isArray(v)) return [] as T;
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, blankOf(x)])) as T;
  if (typeof v === 'string') return '' as T;
  if (typeof v === 'boolean') return false as T;
  if (typeof v === 'number') return 0 as T;
  return v;
}

/**
 * `base` gives the shape. Scalars of the draft replace scalars of the same
 * type; objects merge key by key (only keys of the base; an empty base object
 * is a map and takes the draft's scalar entries); arrays take the
 * draft's length, each item merged over `itemTemplate(path)` (or a blank copy of a saved item).
 */
export function mergeDraft<T>(base: T, draft: Json, itemTemplate?: (path: string) => Json, path = ''): T {
  if (draft === undefined || draft === null) return base;
  if (Array.isArray(base)) {
    if (!Array.isArray(draft)) return base;
    const template = itemTemplate?.(path);
    return draft.map((item, i) => {
      const model = base[i] !== undefined ? base[i] : base[0];
      const shape = template !== undefined ? template : model === undefined ? undefined : blankOf(model);
      return shape === undefined ? item : mergeDraft(shape, item, itemTemplate, path);
    }) as T;
  }
  if (isPlainObject(base)) {
    if (!isPlainObject(draft)) return base;
    // an empty object is a map (e.g. comments by item code): the draft's entries are its content
    if (Object.keys(base).length === 0) {
      return Object.fromEntries(Object.entries(draft).filter(([, v]) => v === null || typeof v !== 'object')) as T;
    }
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(base)) {
      out[k] = k in draft ? mergeDraft(v, draft[k], itemTemplate, path ? `${path}.${k}` : k) : v;
    }
    return out as T;
  }
  if (base === null || base === undefined) return draft as T;
  return (typeof draft === typeof base ? draft : base) as T;
}

/** A stable text of form values, to tell whether something changed since the last save. */
export function snapshot(values: Json): string {
  return JSON.stringify(values, (_, v) => (v === undefined ? null : v));
}

export type DraftEnvelope = { data: Json; savedAt?: string | null } | null | undefined;

/** The draft's data when the server gave one that differs from the saved values. */
export function draftToRestore<T>(saved: T, draft: DraftEnvelope, itemTemplate?: (path: string) => Json): T | null {
  if (!draft || !isPlainObject(draft.data)) return null;
  const merged = mergeDraft(saved, draft.data, itemTemplate);
  return snapshot(merged) === snapshot(saved) ? null : merged;
}

/**
 * Step navigation of the application form (spec section 4): the school's
 * step list in the fixed order, previous/next, and which steps may be opened.
 */
export const STEP_ORDER = [
  'APPL_PART_SAVE',
  'BASIS_SAVE',
  'ACAD_SAVE',
  'LANG_SAVE',
  'CAREER_SAVE',
  'ADD_INFO_SAVE',
  'FILE_SAVE',
  'SURVEY',
] as const;

export type StepCode = (typeof STEP_ORDER)[number];

/** Steps saved by other pages or later issues: never the reason a later step is closed. */
export const NOT_SAVED_HERE: readonly StepCode[] = ['FILE_SAVE'];

export function isStepCode(value: unknown): value is StepCode {
  return typeof value === 'string' && (STEP_ORDER as readonly string[]).includes(value);
}

/** The school's steps in the fixed order (unknown codes dropped). */
export function orderedSteps(steps: readonly string[] | null | undefined): StepCode[] {
  const set = new Set(steps ?? []);
  return STEP_ORDER.filter((s) => set.has(s));
}

/** The steps /appl/form shows: the school's list without the part choice (that is /appl/part). */
export function formSteps(steps: readonly string[] | null | undefined): StepCode[] {
  return orderedSteps(steps).filter((s) => s !== 'APPL_PART_SAVE');
}

/**
 * The steps a user may open: every saved step and the first unsaved one that
 * this form saves; steps saved elsewhere (documents) do not close the ones
 * after them, because the form cannot save them. View mode opens everything.
 */
export function openableSteps(
  steps: readonly string[] | null | undefined,
  savedSteps: readonly string[] | null | undefined,
  viewOnly = false,
): StepCode[] {
  const list = formSteps(steps);
  if (viewOnly) return list;
  const saved = new Set(savedSteps ?? []);
  const out: StepCode[] = [];
  for (const step of list) {
    out.push(step);
    if (!saved.has(step) && !NOT_SAVED_HERE.includes(step)) break;
  }
  return out;
}

/** The step to show: the requested one when it may be opened, else the first unsaved one, else the first. */
export function initialStep(
  requested: string | null | undefined,
  steps: readonly string[] | null | undefined,
  savedSteps: readonly string[] | null | undefined,
  viewOnly = false,
): StepCode | null {
  const open = openableSteps(steps, savedSteps, viewOnly);
  if (open.length === 0) return null;
  if (isStepCode(requested) && open.includes(requested)) return requested;
  if (viewOnly) return open[0];
  const saved = new Set(savedSteps ?? []);
  return open.find((s) => !saved.has(s) && !NOT_SAVED_HERE.includes(s)) ?? open[open.length - 1];
}

export function neighbours(step: StepCode, steps: readonly string[] | null | undefined): { prev: StepCode | null; next: StepCode | null } {
  const list = formSteps(steps);
  const i = list.indexOf(step);
  if (i < 0) return { prev: null, next: null };
  return { prev: list[i - 1] ?? null, next: list[i + 1] ?? null };
}

export function isLastStep(step: StepCode, steps: readonly string[] | null | undefined): boolean {
  const list = formSteps(steps);
  return list.length > 0 && list[list.length - 1] === step;
}

/** The statuses before submission: the application may still be edited. */
export function isEditableStatus(status: string | null | undefined): boolean {
  return isStepCode(status);
}

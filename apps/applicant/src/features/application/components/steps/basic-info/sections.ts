import type { InfoSection, InfoSections, Origin } from '../../../api/get-basis';

/** The origin of the nationality in the form, by the server's Korea code. */
export function originOf(nationality: string, koreaCode: string): Origin {
  if (!nationality) return 'none';
  return nationality === koreaCode ? 'korean' : 'foreign';
}

export type ShownSections = {
  show: (code: string) => boolean;
  required: (code: string) => boolean;
};

/**
 * Which sections the step shows and requires: exactly the server's list for
 * the origin (core decides by nationality, school rules and the round's
 * settings; the server requires the same).
 */
export function shownSections(sections: InfoSections | undefined, origin: Origin): ShownSections {
  const list: InfoSection[] = sections?.[origin] ?? [];
  return {
    show: (code) => list.some((s) => s.code === code),
    required: (code) => list.some((s) => s.code === code && s.required),
  };
}

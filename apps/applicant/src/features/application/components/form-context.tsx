import { createContext, useContext, type ComponentType } from 'react';
import type { ApplicationMode, ApplicationRecord, Code, Country, InfoItem, Recruit, RecruitPart } from '../types';
import type { CodeGroups } from '../api/get-code-groups';
import type { StepCode } from '../utils/steps';

export type Lang = 'ko' | 'en';

/** The documents of the FILE_SAVE step: another feature's panel, given by the
 * page (src/app) that opens the form, so features do not import each other. */
export type DocumentsSlotProps = {
  applNo: number;
  readOnly: boolean;
  /** the application's status after an upload, a delete or the save */
  onStatusChange: (record: Partial<ApplicationRecord>) => void;
};

/** What every step of the open application needs: the record, its round, codes and navigation. */
export type ApplicationFormValue = {
  applNo: number;
  mode: ApplicationMode;
  readOnly: boolean;
  lang: Lang;
  app: ApplicationRecord;
  recruit: Recruit;
  part: RecruitPart | undefined;
  codes: CodeGroups;
  countries: Country[];
  infoItems: Record<string, InfoItem>;
  step: StepCode;
  prevStep: StepCode | null;
  nextStep: StepCode | null;
  isLast: boolean;
  goTo: (step: StepCode) => Promise<void>;
  complete: () => void;
  close: () => void;
  setDirty: (dirty: boolean) => void;
  /** registers the open step's flush so leaving waits for its draft */
  setFlush: (flush: (() => Promise<unknown>) | null) => void;
  updateRecord: (record: Partial<ApplicationRecord>) => void;
  Documents: ComponentType<DocumentsSlotProps>;
};

export const ApplicationFormContext = createContext<ApplicationFormValue | null>(null);

export function useApplicationForm(): ApplicationFormValue {
  const ctx = useContext(ApplicationFormContext);
  if (!ctx) throw new Error('useApplicationForm outside the application form');
  return ctx;
}

export function codeLabel(c: Code | undefined, lang: Lang): string {
  if (!c) return '';
  return (lang === 'en' ? c.engValue : c.korValue) || c.korValue || c.engValue || c.code;
}

export function codeOptions(list: Code[] | null | undefined, lang: Lang): { value: string; label: string }[] {
  return (list ?? []).map((c) => ({ value: c.code, label: codeLabel(c, lang) }));
}

/** Text maximum of a field: `acadList.1.city` uses the limit of `acadList.city`. */
export function limitKey(name: string): string {
  return name.replace(/\.\d+(?=\.|$)/g, '');
}

export function useTextLimit(name: string): number | undefined {
  const ctx = useContext(ApplicationFormContext);
  const v = ctx?.recruit.rules.textLimits?.[limitKey(name)];
  return typeof v === 'number' && v > 0 ? v : undefined;
}

export function useReadOnly(): boolean {
  return useContext(ApplicationFormContext)?.readOnly ?? false;
}

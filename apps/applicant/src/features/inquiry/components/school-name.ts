import type { SchoolChoice } from '../types';

/** A school's name in the page's language ('' for none, the code when unknown). */
export function schoolName(schools: SchoolChoice[] | undefined, code: string, lang: string): string {
  if (!code) return '';
  const s = schools?.find((x) => x.schoolCode === code);
  if (!s) return code;
  return lang === 'en' ? s.engName : s.korName;
}

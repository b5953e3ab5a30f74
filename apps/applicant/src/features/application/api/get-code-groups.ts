import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Code } from '../types';

/** The code groups the form uses, each answered under camelCase(group) + "List". */
export const FORM_CODE_GROUPS = [
  'ACAD_STS', 'ACAD_TYPE', 'UNIV_DEGREE_TYPE', 'GRAD_DEGREE_TYPE', 'DEGREE_LEVEL', 'GRADE_FORM', 'FULL_SCORE',
  'COMP_TYPE', 'EMPLOYMENT_TYPE', 'VISA_TYPE', 'FOREIGNER_TYPE', 'ALIEN_REG_STS', 'MARITAL_STS', 'RESIDENCY_TYPE',
  'RELATION', 'CONTACT_TYPE', 'GENDER',
] as const;

export type CodeGroups = Record<string, Code[]>;

export function listKey(group: string): string {
  const camel = group.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return `${camel}List`;
}

export function getCodeGroups(schoolCode: string, groups: readonly string[]): Promise<CodeGroups> {
  return api.get<CodeGroups>(`/apply/api/commcode/groups/SCHOOL/${groups.join(',')}`, { params: { schoolCode } });
}

/** The school's codes of the groups (SYSTEM codes where the school has none). */
export function useCodeGroups(schoolCode: string | undefined, groups: readonly string[] = FORM_CODE_GROUPS) {
  return useQuery({
    queryKey: ['commcode', schoolCode, groups.join(',')],
    queryFn: () => getCodeGroups(schoolCode!, groups),
    enabled: !!schoolCode,
    staleTime: 30 * 60 * 1000,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Bilingual } from '@/lib/bilingual';

/** A notice as applicants read it (docs/officers.md): the site's (no school) or a school's, maybe for one round. */
export type Notice = {
  id: number;
  /** null: the whole site's */
  schoolCode: string | null;
  /** set when the notice is for one round (`236-2027-1`) */
  roundId: string | null;
  title: Bilingual;
  body: Bilingual;
  /** shown from (RFC 3339); the day people read as its date */
  starts: string;
  ends: string;
  createdAt: string;
  updatedAt: string;
};

/** The notices a school's public page shows now: the site's and the school's. */
export function getSchoolNotices(schoolCode: string): Promise<Notice[]> {
  return api.get<Notice[]>('/apply/api/notices', { params: { schoolCode }, silent: true });
}

export function useSchoolNotices(schoolCode: string | undefined) {
  return useQuery({
    queryKey: ['notices', 'school', schoolCode],
    queryFn: () => getSchoolNotices(schoolCode!),
    enabled: !!schoolCode,
    staleTime: 60_000,
    retry: false,
  });
}

/** The notices for the signed-in applicant: the site's and those of the schools and rounds applied to. */
export function getMyNotices(): Promise<Notice[]> {
  return api.get<Notice[]>('/apply/api-auth/notices/mine', { silent: true });
}

export function useMyNotices() {
  return useQuery({ queryKey: ['notices', 'mine'], queryFn: getMyNotices, staleTime: 60_000, retry: false });
}

import { useQuery } from '@tanstack/react-query';
import i18n, { currentLanguage } from '@/lib/i18n';
import { api, ApiError, type ApiErrorBody } from '@/lib/api-client';
import { readCookie } from '@/lib/cookies';

export type Entry = {
  reqNo: number;
  applicantName: string;
  schoolKorName: string;
  schoolEngName: string;
  roundKorName: string;
  roundEngName: string;
  deadline: string;
  status: string;
  writable: boolean;
  closedMessage: string | null;
};

export type Profile = { name: string; institution: string; position: string; phone: string };

export type Overview = { current: number; email: string; profile: Profile; list: Entry[] };

export type Option = { code: string; kor: string; eng: string };

export type Question = { code: string; kind?: 'text' | 'long' | 'choice'; kor?: string; eng?: string; options?: string[]; labels?: Option[]; max?: number };

export type LetterForm = {
  reqNo: number;
  applicantName: string;
  schoolKorName: string;
  schoolEngName: string;
  roundKorName: string;
  roundEngName: string;
  deadline: string;
  status: string;
  editable: boolean;
  template: { version: number; letters: number; fileRequired: boolean; questions: Question[] };
  answers: Record<string, string>;
  profSign: string;
  profile: Profile;
  file: { fileName: string; size: number } | null;
  fileRule: { extensions: string[]; maxSize: number; required: boolean };
  savedAt: string | null;
  submittedAt: string | null;
};

export type Draft = { answers: Record<string, string>; profSign: string; profile: Profile };

const base = (key: string) => `/apply/api/recommend/${encodeURIComponent(key)}`;

/** The recommender's page: errors are shown on the page (silent), never as a global error. */
export function useOverview(key: string) {
  return useQuery({ queryKey: ['recommend-overview', key], queryFn: () => api.get<Overview>(base(key), { silent: true }), retry: false, staleTime: 0 });
}

export function useLetterForm(key: string, reqNo: number | undefined) {
  return useQuery({
    queryKey: ['recommend-form', key, reqNo ?? 0],
    queryFn: () => api.get<LetterForm>(`${base(key)}/form`, { silent: true, params: { req: reqNo } }),
    retry: false,
    staleTime: 0,
  });
}

export function saveLetter(key: string, reqNo: number | undefined, d: Draft, submit: boolean): Promise<LetterForm> {
  const url = submit ? `${base(key)}/submit` : `${base(key)}/form`;
  // silent: the page shows the refusal next to the fields it names.
  return submit ? api.post<LetterForm>(url, d, { params: { req: reqNo }, silent: true }) : api.put<LetterForm>(url, d, { params: { req: reqNo }, silent: true });
}

/** Upload the letter file with XMLHttpRequest, for its progress. */
export function uploadLetter(key: string, reqNo: number | undefined, file: File, onProgress: (fraction: number) => void): Promise<LetterForm> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${base(key)}/file${reqNo ? `?req=${reqNo}` : ''}`, true);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) xhr.setRequestHeader('X-XSRF-TOKEN', decodeURIComponent(xsrf));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as LetterForm);
        return;
      }
      const body: ApiErrorBody = data && typeof data === 'object' ? (data as ApiErrorBody) : {};
      reject(new ApiError(xhr.status, { status: xhr.status, ...body }, i18n.t('error.server')));
    };
    xhr.onerror = () => reject(new ApiError(0, { code: 'network.error' }, i18n.t('error.network')));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

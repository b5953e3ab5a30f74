import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** One recommendation request as the applicant sees it: never the letter. */
export type RecommendRequest = {
  reqNo: number;
  profName: string;
  email: string;
  phone: string;
  institution: string;
  position: string;
  locale: 'ko' | 'en';
  status: '00010' | '00020' | '00030' | '00040';
  createdAt: string;
  mailSentAt: string | null;
  mailRefusedAt: string | null;
  mailError?: string;
  submittedAt: string | null;
  cancellable: boolean;
  emailEditable: boolean;
};

export type RequestList = {
  applNo: number;
  /** how many letters the round asks for */
  letters: number;
  canRequest: boolean;
  /** the request window is open: resend, correct and cancel work */
  windowOpen: boolean;
  windowMessage: string | null;
  deadline: string;
  list: RecommendRequest[];
};

export type NewRequest = Pick<RecommendRequest, 'profName' | 'email' | 'phone' | 'institution' | 'position' | 'locale'>;

const base = (applNo: number) => `/apply/api-auth/appl/recommend/${applNo}`;
export const requestsKey = (applNo: number) => ['recommend-requests', applNo];

export function useRecommendRequests(applNo: number) {
  return useQuery({ queryKey: requestsKey(applNo), queryFn: () => api.get<RequestList>(base(applNo)), staleTime: 0 });
}

/** The request mutations; each refreshes the list. */
export function useRequestActions(applNo: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: requestsKey(applNo) });
  return {
    create: useMutation({ mutationFn: (r: NewRequest) => api.post<RecommendRequest>(base(applNo), r), onSuccess: refresh }),
    resend: useMutation({ mutationFn: (reqNo: number) => api.post<RecommendRequest>(`${base(applNo)}/${reqNo}/resend`), onSuccess: refresh }),
    email: useMutation({
      mutationFn: (v: { reqNo: number; email: string }) => api.put<RecommendRequest>(`${base(applNo)}/${v.reqNo}/email`, { email: v.email }),
      onSuccess: refresh,
    }),
    cancel: useMutation({ mutationFn: (reqNo: number) => api.delete<null>(`${base(applNo)}/${reqNo}`), onSuccess: refresh }),
  };
}

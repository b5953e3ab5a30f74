import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Consent } from '../types';

export type AcceptedConsent = Consent & { acceptedAt: string };

/** The consent texts the application accepted, each in the version accepted. */
export function getAcceptedConsents(applNo: number): Promise<AcceptedConsent[]> {
  return api.get<AcceptedConsent[]>(`/apply/api-auth/appl/consents/${applNo}`);
}

export function useAcceptedConsents(applNo: number) {
  return useQuery({ queryKey: ['appl', applNo, 'consents'], queryFn: () => getAcceptedConsents(applNo), staleTime: 60 * 1000 });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ExamNumberLookupInput = { email: string; altcha?: string };

/** The number is mailed, never shown; the answer is the same for every address. */
export function lookupExamNumber(input: ExamNumberLookupInput): Promise<{ message?: string }> {
  return api.post<{ message?: string }>('/apply/api/exam-number/lookup', input);
}

export function useLookupExamNumber() {
  return useMutation({ mutationFn: lookupExamNumber });
}

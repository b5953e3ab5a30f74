import { api } from '@/lib/api-client';
import type { StepResponse } from '../types';
import { useStepQuery } from './step-query';

export type CareerEntry = {
  companyName: string; description: string; address: string; compType: string; employmentType: string;
  department: string; position: string; joinDay: string; retireDay: string; currentYn: boolean;
};

export type CareerResponse = StepResponse & { careerList: CareerEntry[] | null };

export function getCareer(applNo: number): Promise<CareerResponse> {
  return api.get<CareerResponse>(`/apply/api-auth/appl/career/${applNo}`);
}

export function useCareer(applNo: number) {
  return useStepQuery(applNo, 'CAREER_SAVE', getCareer);
}

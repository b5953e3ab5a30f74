import { api } from '@/lib/api-client';
import type { StepResponse } from '../types';
import { useStepQuery } from './step-query';

export type AcadRecord = {
  acadType: string; schoolCode: string; searchSchoolName: string; countryCode: string; city: string;
  college: string; major: string; department: string; acadFinal: boolean;
  enterDay: string; graduateDay: string; graduationStatus: string;
  degreeNo: string; degreeCourse: string; degreeLevel: string; transfer: boolean;
  credits: string; gradeForm: string; fullScore: string; fullScoreEtc: string; gpa: string; studentId: string;
  /** read-only names the GET adds; kept in the form to show the chosen school */
  schoolKorName?: string; schoolEngName?: string;
};

export type AcadResponse = StepResponse & { acadList: AcadRecord[] | null };

export function getAcad(applNo: number): Promise<AcadResponse> {
  return api.get<AcadResponse>(`/apply/api-auth/appl/acad/${applNo}`);
}

export function useAcad(applNo: number) {
  return useStepQuery(applNo, 'ACAD_SAVE', getAcad);
}

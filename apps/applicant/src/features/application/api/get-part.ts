import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SurveyAnswerDto } from '@/types/survey';

export type { SurveyAnswerDto } from '@/types/survey';

/** The application-part response of spec section 3. */
export type PartResponse = {
  id: number;
  applNo: number;
  status: string;
  partSchoolCode: string;
  partEnterYear: number;
  partRecruitPartSeq: number;
  schoolKorName: string;
  schoolEngName: string;
  steps: string[];
  savedSteps: string[];
  nextStep: string | null;
  applPartNo: number;
  partMajorCode: string;
  partIsMaster: boolean;
  partIsGeneralType: boolean;
  partStayTypeCode: string;
  partCategoryCode: string;
  partDetailRemkKor: string;
  partDetailRemkEng: string;
  partAddCertificateCount: number;
  videoEssay?: boolean;
  surveyAnswers?: SurveyAnswerDto[] | null;
};

export function getPart(applNo: number): Promise<PartResponse> {
  return api.get<PartResponse>(`/apply/api-auth/appl/part/${applNo}`);
}

export function usePart(applNo: number | null | undefined) {
  return useQuery({
    queryKey: ['application', applNo ?? 0, 'part'],
    queryFn: () => getPart(applNo!),
    enabled: !!applNo,
    staleTime: 0,
  });
}

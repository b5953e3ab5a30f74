import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderRoutes } from '@/testing/test-utils';
import { viewModeStore } from '@/lib/view-mode';
import { ApplicationForm } from '../../application-form';
import { emptyApplicantInfo } from './empty-info';
import { originOf, shownSections } from './sections';

const STEPS = ['APPL_PART_SAVE', 'BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'CAREER_SAVE', 'ADD_INFO_SAVE', 'FILE_SAVE', 'SURVEY'];
const record = {
  applNo: 7, id: 7, userId: 'kim', applicantName: '', applId: null, status: 'BASIS_SAVE', reviewStatus: null, isApplReviewing: false,
  schoolComm: { schoolCode: 'SCL00001', enterYear: 2027, recruitPartSeq: 1, korName: '한빛', engName: 'Hanbit' },
  majorCode: 'IC01', isMaster: true, isGeneralType: true, stayTypeCode: '00001', categoryCode: '00001', applPartNo: 5,
  applPartlabel: { kor: '국제협력', eng: 'International Cooperation' }, additionalCertificateCount: 0,
  steps: STEPS, savedSteps: ['APPL_PART_SAVE'], nextStep: 'BASIS_SAVE', actions: ['edit', 'view', 'cancel'], submitOpen: true,
};
const recruit = {
  schoolCode: 'SCL00001', enterYear: 2027, recruitPartSeq: 1, korName: '2027 전기', engName: 'Spring 2027', schoolKorName: '한빛', schoolEngName: 'Hanbit',
  color: '#00462a', feeKrw: 0, feeUsd: 0, steps: STEPS, windows: [], submitOpen: true,
  parts: [{ applPartNo: 5, majorCode: 'IC01', majorKorName: '국제협력', majorEngName: 'IC', isMaster: true, partDetailRemkKor: '', partDetailRemkEng: '', partAddCertificateCount: 0, videoEssay: false }],
  categories: [], stayTypes: [], languageExams: [], essays: [], consents: [], partSurvey: null,
  // the round's own "none" passport number differs from the server's default
  rules: { refusedNationalities: [], passportNone: '0000', visaNone: '00999', g20Required: true, languageRequired: true, isEtcDocumentUploadable: true, textLimits: null },
};
// as the server answers them: the G20 list, the Korea code and the defaults are data, not SPA constants
const formRules = {
  koreaCode: '410', g20Countries: ['156', '840'], g20None: 'NONE', passportNone: 'N/A', visaNone: '00999', visaOther: '00099', maxFamily: 10,
  userId: { minLength: 4, maxLength: 20, pattern: '^[A-Za-z0-9]+$' },
  // a host the SPA has never heard of: the field refuses what the server lists, no copy of its own
  videoEssay: { streamingHosts: ['stream.example'] },
};
const common = [{ code: 'emergencyContact', required: true }, { code: 'marital', required: false }, { code: 'scholarship', required: false }];
const sections = {
  none: common,
  korean: common,
  foreign: [{ code: 'passport', required: true }, { code: 'visa', required: true }, { code: 'alienRegistration', required: false }, ...common,
    { code: 'financialGuarantor', required: true }, { code: 'g20', required: true }],
};

let nationality = '';
let videoEssay = false;

beforeEach(() => {
  videoEssay = false;
  window.sessionStorage.clear();
  viewModeStore.set(false);
  const handlers: Record<string, () => Response> = {
    'GET /apply/api-auth/appl/info/7': () => jsonResponse(record),
    'GET /apply/api/recruit': () => jsonResponse({ ...recruit, parts: recruit.parts.map((p) => ({ ...p, videoEssay })) }),
    'GET /apply/api/form-rules': () => jsonResponse(formRules),
    'GET /apply/api/commcode/groups/SCHOOL': () => jsonResponse({}),
    'GET /apply/api/standard/country': () =>
      jsonResponse({ orderKr: [{ code: '410', korName: '대한민국', engName: 'Republic of Korea' }, { code: '156', korName: '중국', engName: 'China' }], orderEn: [] }),
    'GET /apply/api-auth/admin/recruit-part/inquiry': () => jsonResponse({ items: [] }),
    'GET /apply/api-auth/appl/basis/7': () =>
      jsonResponse({ ...record, applicantInfo: { ...emptyApplicantInfo(), nationality, email: 'kim@example.com' }, sections, draft: null }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
      const h = handlers[key] ?? Object.entries(handlers).find(([k]) => key.startsWith(k))?.[1];
      return h ? h() : jsonResponse({ status: 404, code: 'x' }, 404);
    }),
  );
});

function renderStep() {
  return renderRoutes([{ path: '/appl/form', element: <ApplicationForm applNo={7} mode="edit" requestedStep="BASIS_SAVE" onStepChange={() => undefined} documents={() => null} /> }], ['/appl/form']);
}

const FOREIGN_ONLY = ['section-passport', 'section-visa', 'section-alien', 'section-guarantor', 'g20-question'];

describe('<BasicInfoStep> sections by nationality (defect 7)', () => {
  it('a Korean applicant sees none of the passport, visa, alien registration, guarantor or G20 sections', async () => {
    nationality = '410';
    renderStep();
    await screen.findByTestId('section-personal');
    expect(document.querySelector('[name="applicantInfo.korName"]')).not.toBeNull();
    for (const id of FOREIGN_ONLY) expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByTestId('section-emergency')).toBeTruthy();
  });

  it('before a nationality is chosen only the common sections show', async () => {
    nationality = '';
    renderStep();
    await screen.findByTestId('section-personal');
    for (const id of FOREIGN_ONLY) expect(screen.queryByTestId(id)).toBeNull();
    expect(screen.getByTestId('section-emergency')).toBeTruthy();
  });

  it("a foreign applicant sees them, required as the server says, with the server's G20 list and the round's 'none' passport", async () => {
    nationality = '156';
    renderStep();
    await screen.findByTestId('section-passport');
    for (const id of FOREIGN_ONLY) expect(screen.getByTestId(id)).toBeTruthy();
    expect(document.querySelector('[name="applicantInfo.firstName"]')).not.toBeNull();
    expect(screen.getByTestId('no-passport').closest('label')?.textContent).toContain('0000');
    const g20 = Array.from(document.querySelectorAll('[data-testid^="g20-"][type="checkbox"]')).map((e) => e.getAttribute('data-testid'));
    expect(g20).toEqual(['g20-156', 'g20-840', 'g20-NONE']);
    await waitFor(() => expect(screen.getByTestId('section-guarantor').querySelector('[name="applicantInfo.financialGuarantor.name"]')?.hasAttribute('required')).toBe(true));
  });
});

describe('<BasicInfoStep> video essay link (issue 21)', () => {
  const STREAMING = /Streaming links are not accepted|스트리밍 사이트 링크는 받지 않습니다/;

  it("says a link to one of the server's streaming hosts is refused as it is typed", async () => {
    nationality = '410';
    videoEssay = true;
    renderStep();
    await screen.findByTestId('section-video');
    const field = () => document.querySelector<HTMLInputElement>('[name="applicantInfo.videoEssayUrl"]')!;
    fireEvent.change(field(), { target: { value: 'https://live.stream.example/v/1' } });
    expect(await screen.findByText(STREAMING)).toBeTruthy();
    // youtube is refused by the server's rule as served, not by a list of the SPA's: not listed here, not said
    fireEvent.change(field(), { target: { value: 'https://www.youtube.com/watch?v=1' } });
    await waitFor(() => expect(screen.queryByText(STREAMING)).toBeNull());
  });
});

describe('sections', () => {
  it('picks the origin by the Korea code the server gives', () => {
    expect(originOf('', '410')).toBe('none');
    expect(originOf('410', '410')).toBe('korean');
    expect(originOf('410', 'KOR')).toBe('foreign');
    expect(originOf('840', '410')).toBe('foreign');
  });
  it("shows and requires exactly the server's list for the origin", () => {
    const s = shownSections(sections, 'foreign');
    expect(s.show('passport') && s.required('passport')).toBe(true);
    expect(s.show('alienRegistration') && !s.required('alienRegistration')).toBe(true);
    expect(s.show('residency')).toBe(false);
    expect(shownSections(sections, 'korean').show('passport')).toBe(false);
    expect(shownSections(undefined, 'korean').show('emergencyContact')).toBe(false);
  });
});

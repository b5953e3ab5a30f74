import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderRoutes } from '@/testing/test-utils';
import { viewModeStore } from '@/lib/view-mode';
import { ApplicationForm } from './application-form';
import type { ApplicationMode } from '../types';

const STEPS = ['APPL_PART_SAVE', 'BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE', 'CAREER_SAVE', 'ADD_INFO_SAVE', 'FILE_SAVE', 'SURVEY'];
const saved = ['APPL_PART_SAVE', 'BASIS_SAVE', 'ACAD_SAVE', 'LANG_SAVE'];

const record = {
  applNo: 7, id: 7, userId: 'kim', applicantName: '홍길동', applId: null, status: 'LANG_SAVE', reviewStatus: null, isApplReviewing: false,
  schoolComm: { schoolCode: '236', enterYear: 2027, recruitPartSeq: 1, korName: '이화', engName: 'Ewha' },
  majorCode: 'IS01', isMaster: true, isGeneralType: true, stayTypeCode: '00001', categoryCode: '00001',
  applPartlabel: { kor: '국제학과 석사과정', eng: 'International Studies (Master)' }, additionalCertificateCount: 3,
  steps: STEPS, savedSteps: saved, nextStep: 'CAREER_SAVE', actions: ['edit', 'view', 'cancel'], submitOpen: true,
};
const recruit = {
  schoolCode: '236', enterYear: 2027, recruitPartSeq: 1, korName: '2027 전기', engName: 'Spring 2027', schoolKorName: '이화', schoolEngName: 'Ewha',
  color: '#00462a', feeKrw: 0, feeUsd: 0, steps: STEPS, windows: [], submitOpen: true,
  parts: [{ applPartNo: 5, majorCode: 'IS01', majorKorName: '국제학', majorEngName: 'IS', isMaster: true, partDetailRemkKor: '', partDetailRemkEng: '', partAddCertificateCount: 3, videoEssay: false }],
  categories: [], stayTypes: [], languageExams: [], essays: [], consents: [], partSurvey: null,
  rules: { refusedNationalities: [], passportNone: 'N/A', visaNone: '00999', g20Required: false, languageRequired: true, isEtcDocumentUploadable: true, textLimits: { 'careerList.description': 1000 } },
};
const savedCareer = { companyName: '한빛전자', description: '', address: '', compType: '00001', employmentType: '00001', department: '', position: '', joinDay: '2020-03-02', retireDay: '', currentYn: true };

type Handler = (init?: RequestInit) => Response | Promise<Response>;
let handlers: Record<string, Handler>;
const posts: unknown[] = [];

beforeEach(() => {
  // a step closed at the end of a test sends its draft after fetch is restored: that fails and lands in the tab copy
  window.sessionStorage.clear();
  posts.length = 0;
  viewModeStore.set(false);
  handlers = {
    'GET /apply/api-auth/appl/info/7': () => jsonResponse(record),
    'GET /apply/api/recruit': () => jsonResponse(recruit),
    'GET /apply/api/commcode/groups/SCHOOL': () =>
      jsonResponse({ compTypeList: [{ code: '00001', korValue: '대기업', engValue: 'Large' }], employmentTypeList: [{ code: '00001', korValue: '정규직', engValue: 'Permanent' }] }),
    'GET /apply/api/standard/country': () => jsonResponse({ orderKr: [], orderEn: [] }),
    'GET /apply/api-auth/admin/recruit-part/inquiry/236/2027/1/5': () => jsonResponse({ items: [] }),
    'GET /apply/api-auth/appl/career/7': () =>
      jsonResponse({
        ...record,
        careerList: [savedCareer],
        draft: { data: { careerList: [savedCareer, { companyName: '누리상사', joinDay: '2019-01-02', currentYn: true }] }, savedAt: '2026-11-22T10:00:00+09:00' },
      }),
    'POST /apply/api-auth/appl/career/7': (init) => {
      posts.push(JSON.parse(String(init?.body)));
      return jsonResponse(
        { status: 400, code: 'validation.failed', message: '입력 내용을 확인해 주세요.', fields: { careerList: '재직 중인 경력은 하나만 선택할 수 있습니다.', 'careerList[1].joinDay': '날짜를 확인해 주세요.', 'careerList[5].bogus': '숨은 오류' } },
        400,
      );
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0];
      const key = `${init?.method ?? 'GET'} ${path}`;
      const h = handlers[key] ?? Object.entries(handlers).find(([k]) => key.startsWith(k))?.[1];
      if (h) return h(init);
      if (init?.method === 'PUT') return jsonResponse({ applNo: 7, step: 'CAREER_SAVE', savedAt: '2026-11-22T10:00:01+09:00' });
      return jsonResponse({ status: 404, code: 'x' }, 404);
    }),
  );
});

function renderForm(mode: ApplicationMode = 'edit') {
  return renderRoutes(
    [
      { path: '/appl/form', element: <ApplicationForm applNo={7} mode={mode} requestedStep="CAREER_SAVE" onStepChange={() => undefined} documents={() => null} /> },
      { path: '/list', element: <p data-testid="list-page">list</p> },
    ],
    ['/appl/form'],
  );
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

describe('<ApplicationForm> career step', () => {
  it('restores the server draft over the saved values and says so', async () => {
    renderForm();
    expect(await screen.findByTestId('draft-restored')).toBeTruthy();
    expect(input('careerList.0.companyName').value).toBe('한빛전자');
    expect(input('careerList.1.companyName').value).toBe('누리상사');
    expect(input('careerList.1.joinDay').value).toBe('2019-01-02');
    expect((input('careerList.1.currentYn') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('draft-status').getAttribute('data-status')).toBe('saved');
    expect(screen.getByTestId('draft-status').textContent).toContain('임시 저장됨');
  });

  it('shows the server field errors at their fields, list rules above the list, the rest in the summary', async () => {
    renderForm();
    await screen.findByTestId('draft-restored');
    fireEvent.click(screen.getByTestId('step-save'));
    expect((await screen.findByTestId('careerList-helper')).textContent).toContain('재직 중인 경력은 하나만');
    expect(screen.getByTestId('careerList.1.joinDay-helper').textContent).toContain('날짜를 확인해 주세요.');
    expect(input('careerList.1.joinDay').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('step-errors').textContent).toContain('숨은 오류');
    expect(posts[0]).toEqual({ careerList: [savedCareer, { ...savedCareer, companyName: '누리상사', joinDay: '2019-01-02', compType: '', employmentType: '' }] });
    // editing the field clears its message
    fireEvent.change(input('careerList.1.joinDay'), { target: { value: '2019-01-03' } });
    await waitFor(() => expect(screen.queryByTestId('careerList.1.joinDay-helper')).toBeNull());
  });

  it('a save that fails without a field to blame says "save failed" (seed section 8, issue 21)', async () => {
    handlers['POST /apply/api-auth/appl/career/7'] = () => jsonResponse({ status: 500, code: 'server.error', message: '서버 오류' }, 500);
    renderForm();
    await screen.findByTestId('draft-restored');
    expect(screen.queryByTestId('step-save-failed')).toBeNull();
    fireEvent.click(screen.getByTestId('step-save'));
    expect((await screen.findByTestId('step-save-failed')).textContent).toBe('저장에 실패했습니다.');
  });

  it('defect 3: typing then saving at once, the refused values are drafted without more typing', async () => {
    renderForm();
    await screen.findByTestId('draft-restored');
    fireEvent.change(input('careerList.1.companyName'), { target: { value: '누리상사 서울지점' } });
    fireEvent.click(screen.getByTestId('step-save'));
    expect(await screen.findByTestId('careerList-helper')).toBeTruthy();
    const drafts = () =>
      vi.mocked(fetch).mock.calls.filter(([url, init]) => init?.method === 'PUT' && String(url).includes('/appl/draft/7/CAREER_SAVE'));
    await waitFor(() => expect(drafts().length).toBeGreaterThan(0));
    const body = JSON.parse(String(drafts().at(-1)![1]!.body));
    expect(body.careerList[1].companyName).toBe('누리상사 서울지점');
    await waitFor(() => expect(screen.getByTestId('draft-status').getAttribute('data-status')).toBe('saved'));
  });

  it('leaving with unsaved changes asks first; staying keeps the page, leaving goes on', async () => {
    const { router } = renderForm();
    await screen.findByTestId('draft-restored');
    await act(() => router.navigate('/list'));
    expect(await screen.findByTestId('leave-dialog')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/appl/form');
    fireEvent.click(screen.getByTestId('leave-stay'));
    await waitFor(() => expect(screen.queryByTestId('leave-dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/appl/form');
    await act(() => router.navigate('/list'));
    fireEvent.click(await screen.findByTestId('leave-confirm'));
    expect(await screen.findByTestId('list-page')).toBeTruthy();
  });

  it('a clean form leaves without asking', async () => {
    handlers['GET /apply/api-auth/appl/career/7'] = () => jsonResponse({ ...record, careerList: [savedCareer], draft: null });
    const { router } = renderForm();
    await screen.findByTestId('step-form-CAREER_SAVE');
    expect(screen.getByTestId('draft-status').getAttribute('data-status')).toBe('clean');
    await act(() => router.navigate('/list'));
    expect(await screen.findByTestId('list-page')).toBeTruthy();
  });

  it('a draft kept in the tab (server unreachable earlier) is restored when the server has none', async () => {
    handlers['GET /apply/api-auth/appl/career/7'] = () =>
      jsonResponse({ ...record, updatedAt: '2026-11-22T09:00:00+09:00', careerList: [savedCareer], draft: null });
    window.sessionStorage.setItem(
      'gradapply.draft.7.CAREER_SAVE',
      JSON.stringify({ data: { careerList: [{ ...savedCareer, companyName: '오프라인 입력' }] }, savedAt: '2026-11-22T01:00:00Z' }),
    );
    renderForm();
    expect(await screen.findByTestId('draft-restored')).toBeTruthy();
    expect(input('careerList.0.companyName').value).toBe('오프라인 입력');
  });

  it('a tab copy older than the last save is ignored', async () => {
    handlers['GET /apply/api-auth/appl/career/7'] = () =>
      jsonResponse({ ...record, updatedAt: '2026-11-22T11:00:00+09:00', careerList: [savedCareer], draft: null });
    window.sessionStorage.setItem(
      'gradapply.draft.7.CAREER_SAVE',
      JSON.stringify({ data: { careerList: [{ ...savedCareer, companyName: '오래된 입력' }] }, savedAt: '2026-11-22T01:00:00Z' }),
    );
    renderForm();
    await screen.findByTestId('step-form-CAREER_SAVE');
    expect(input('careerList.0.companyName').value).toBe('한빛전자');
    expect(screen.queryByTestId('draft-restored')).toBeNull();
  });

  it('discarding the draft goes back to the saved values', async () => {
    renderForm();
    fireEvent.click(await screen.findByTestId('draft-discard'));
    await waitFor(() => expect(document.querySelector('[name="careerList.1.companyName"]')).toBeNull());
    expect(input('careerList.0.companyName').value).toBe('한빛전자');
    expect(screen.getByTestId('draft-status').getAttribute('data-status')).toBe('clean');
  });

  it('view mode: read-only, the specification message, no header, no draft restored', async () => {
    renderForm('view');
    expect((await screen.findByTestId('view-mode-notice')).textContent).toBe('보기 모드에서는 수정할 수 없습니다.');
    await screen.findByTestId('step-form-CAREER_SAVE');
    expect(viewModeStore.get()).toBe(true);
    expect(input('careerList.0.companyName').disabled).toBe(true);
    expect(screen.queryByTestId('step-save')).toBeNull();
    expect(screen.queryByTestId('draft-restored')).toBeNull();
    expect(document.querySelector('[name="careerList.1.companyName"]')).toBeNull();
  });

  it('an application that is not the caller\'s shows not-found and nothing of it', async () => {
    handlers['GET /apply/api-auth/appl/info/7'] = () => jsonResponse({ status: 404, code: 'application.not_found', message: 'x' }, 404);
    renderForm();
    expect(await screen.findByTestId('appl-not-found')).toBeTruthy();
    expect(document.body.textContent).not.toContain('한빛전자');
  });
});

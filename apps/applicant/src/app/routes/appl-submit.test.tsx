import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { screen } from '@testing-library/react';
import { renderRoutes, jsonResponse } from '@/testing/test-utils';
import { accessState } from '@/lib/access-key';
import { ApplSubmitPage } from './appl-submit';

const record = (status: string, actions: string[]) => ({
  applNo: 7, id: 7, applId: null, status, reviewStatus: null, isApplReviewing: false,
  schoolComm: { schoolCode: '236', enterYear: 2027, recruitPartSeq: 1, korName: '이화', engName: 'Ewha' },
  steps: ['APPL_PART_SAVE', 'BASIS_SAVE', 'SURVEY'], savedSteps: ['APPL_PART_SAVE', 'BASIS_SAVE', 'SURVEY'], actions, submitOpen: true,
});
const recruit = {
  schoolCode: '236', enterYear: 2027, recruitPartSeq: 1, korName: '전기', engName: 'Spring', schoolKorName: '이화', schoolEngName: 'Ewha',
  consents: [{ code: 'C1', version: '2026-01-01', titleKo: '개인정보', titleEn: 'Privacy', bodyKo: '본문', bodyEn: 'Body' }],
  parts: [], categories: [],
};

async function open(app: ReturnType<typeof record>) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (String(url).includes('/appl/info/') ? jsonResponse(app) : jsonResponse(recruit))));
  const { router } = renderRoutes([{ path: '/appl/submit', element: <ApplSubmitPage /> }, { path: '/list', element: <p>list</p> }], ['/list']);
  await act(() => router.navigate('/appl/submit', { state: accessState({ applNo: 7 }) }));
  return router;
}

afterEach(() => vi.unstubAllGlobals());

// issue 8, defect 4: the final button says submit; a submitted application offers nothing to change
describe('/appl/submit', () => {
  it('names the final button "submit"', async () => {
    await open(record('SURVEY', ['edit', 'view', 'cancel', 'submit']));
    const button = await screen.findByTestId('consent-next');
    expect(button.textContent).toBe('제출하기');
  });

  it('shows a submitted application as closed, without the consent form or a way back to editing', async () => {
    await open(record('SUBMIT', ['view', 'cancel', 'pay']));
    expect((await screen.findByTestId('submit-closed')).textContent).toContain('더 이상 변경할 수 없습니다');
    expect(screen.queryByTestId('consent-next')).toBeNull();
    expect(screen.queryByTestId('submit-go-documents')).toBeNull();
    expect(screen.queryByText(/수정|edit/i)).toBeNull();
  });
});

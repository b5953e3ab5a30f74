import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { jsonResponse, renderRoutes } from '@/testing/test-utils';
import { SchoolMainPage } from './school-main';

const school = { schoolCode: '236', korName: '이화여자대학교 국제대학원', engName: 'Ewha GSIS', slug: 'ewha-gsis' };
const round = { schoolCode: '236', enterYear: 2027, recruitPartSeq: 1, korName: '2027학년도 전기 일반전형', engName: 'Spring 2027 Regular Admission', submitOpen: true, windows: [] };
const notice = (id: number, schoolCode: string | null, roundId: string | null) => ({
  id, schoolCode, roundId, title: { ko: `공지 ${id}`, en: `Notice ${id}` }, body: { ko: '본문', en: 'Body' },
  starts: `2027-01-0${id}T00:00:00Z`, ends: '2027-02-01T00:00:00Z', createdAt: '2027-01-01T00:00:00Z', updatedAt: '2027-01-01T00:00:00Z',
});

let asked: string[] = [];
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const u = new URL(String(url), 'http://x');
    if (u.pathname === '/apply/api/standard/schl') return jsonResponse([school]);
    if (u.pathname === '/apply/api/recruit/list') return jsonResponse([round]);
    if (u.pathname === '/apply/api/notices') {
      asked.push(u.search);
      return jsonResponse([notice(1, null, null), notice(2, '236', '236-2027-1'), notice(3, '236', null)]);
    }
    return jsonResponse({}, 404);
  }));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ko');
});

describe('the school page', () => {
  it("shows the site's and the school's notices above the rounds, a round's named by the round", async () => {
    renderRoutes([{ path: '/:schoolName/main', element: <SchoolMainPage /> }], ['/ewha-gsis/main']);
    const section = await screen.findByTestId('school-notices');
    expect(asked).toEqual(['?schoolCode=236']);
    await waitFor(() => expect(within(section).getAllByTestId('notice-meta').map((m) => m.textContent)).toEqual([
      '2027-01-03', '2027학년도 전기 일반전형 · 2027-01-02', 'GradApply 공지 · 2027-01-01',
    ]));
    const rounds = screen.getByRole('heading', { name: '모집 전형' });
    expect(section.compareDocumentPosition(rounds) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('names them in English', async () => {
    await i18n.changeLanguage('en');
    renderRoutes([{ path: '/:schoolName/main', element: <SchoolMainPage /> }], ['/ewha-gsis/main']);
    const section = await screen.findByTestId('school-notices');
    expect(within(section).getAllByTestId('notice-title').map((m) => m.textContent)).toEqual(['Notice 3', 'Notice 2', 'Notice 1']);
    await waitFor(() => expect(within(section).getAllByTestId('notice-meta')[1].textContent).toBe('Spring 2027 Regular Admission · 2027-01-02'));
  });

  it("links to the school's competition page", async () => {
    renderRoutes([{ path: '/:schoolName/main', element: <SchoolMainPage /> }], ['/ewha-gsis/main']);
    const link = await screen.findByRole('link', { name: '경쟁률 보기' });
    expect(link.getAttribute('href')).toBe('/ewha-gsis/competition');
  });
});

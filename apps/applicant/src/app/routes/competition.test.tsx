import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { jsonResponse, renderRoutes } from '@/testing/test-utils';
import { formatRatio } from '@/features/competition/components/competition-board';
import { CompetitionPage } from './competition';

const line = (over: Record<string, unknown>) => ({ isMaster: true, quota: 0, submitted: 0, completed: 0, ratio: null, ...over });
const page = {
  schoolCode: '236', schoolKorName: '이화여자대학교 국제대학원', schoolEngName: 'Ewha GSIS',
  countedAt: '2026-11-27T00:15:42Z', // 09:15 in Seoul
  rounds: [{
    enterYear: 2027, recruitPartSeq: 1, korName: '2027학년도 전기 일반전형', engName: 'Spring 2027 Regular Admission', submitOpen: true,
    parts: [
      line({ applPartNo: 1, majorCode: 'IS01', majorKorName: '국제학', majorEngName: 'International Studies', quota: 4, submitted: 17, completed: 14, ratio: 3.5 }),
      line({ applPartNo: 2, majorCode: 'IS01', majorKorName: '국제학', majorEngName: 'International Studies', isMaster: false, quota: 0, submitted: 2, completed: 1 }),
      line({ applPartNo: 3, majorCode: 'KS02', majorKorName: '한국학', majorEngName: 'Korean Studies', quota: 3, submitted: 1, completed: 0, ratio: 0 }),
    ],
    totals: line({ quota: 7, submitted: 20, completed: 15, ratio: 2.142857 }),
  }],
};

let answer: () => Response;
beforeEach(() => {
  answer = () => jsonResponse(page);
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const u = new URL(String(url), 'http://x');
    if (u.pathname === '/apply/api/competition/ewha-gsis') return answer();
    return jsonResponse({ status: 404, code: 'competition.school_unknown', message: '학교를 찾을 수 없습니다.' }, 404);
  }));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ko');
});

const show = (path = '/ewha-gsis/competition') => renderRoutes([{ path: '/:schoolName/competition', element: <CompetitionPage /> }], [path]);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('the competition page', () => {
  it('shows, per round, each major with its quota, applicants, completed and ratio, the totals and the time of the count (ko)', async () => {
    show();
    expect(await screen.findByRole('heading', { level: 1, name: '경쟁률' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: /2027학년도 전기 일반전형/ });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['전공', '모집인원', '지원자', '접수 완료', '경쟁률']);
    const rows = within(table).getAllByRole('row');
    const master = rows.find((r) => r.dataset.testid === 'competition-row-IS01-M')!;
    expect(within(master).getByRole('rowheader').textContent).toBe('국제학석사과정');
    expect(cells(master)).toEqual(['4', '17', '14', '3.50 : 1']);
    // a quota not announced shows as "-", and so does its ratio
    expect(cells(rows.find((r) => r.dataset.testid === 'competition-row-IS01-D')!)).toEqual(['-', '2', '1', '-']);
    expect(cells(rows.find((r) => r.dataset.testid === 'competition-row-KS02-M')!)).toEqual(['3', '1', '0', '0.00 : 1']);
    const total = screen.getByTestId('competition-total');
    expect(within(total).getByRole('rowheader').textContent).toBe('합계');
    expect(cells(total)).toEqual(['7', '20', '15', '2.14 : 1']);
    expect(screen.getByTestId('competition-open').textContent).toBe('접수 중');
    expect(screen.getByTestId('competition-counted-at').textContent).toBe('2026-11-27 09:15 기준');
    expect(screen.getByText(/1분마다/)).toBeTruthy();
    expect(screen.getByTestId('competition-school').getAttribute('href')).toBe('/ewha-gsis/main');
    // the table scrolls in its own box, which a keyboard can reach
    expect(screen.getByRole('region', { name: '2027학년도 전기 일반전형' }).getAttribute('tabindex')).toBe('0');
  });

  it('says it in English', async () => {
    await i18n.changeLanguage('en');
    answer = () => jsonResponse({ ...page, rounds: [{ ...page.rounds[0], submitOpen: false }] });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Competition ratios' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: /Spring 2027 Regular Admission/ });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Major', 'Places', 'Applicants', 'Completed', 'Ratio']);
    const master = within(table).getAllByRole('row').find((r) => r.dataset.testid === 'competition-row-IS01-M')!;
    expect(within(master).getByRole('rowheader').textContent).toBe("International StudiesMaster's");
    expect(cells(master)).toEqual(['4', '17', '14', '3.50 : 1']);
    expect(within(screen.getByTestId('competition-total')).getByRole('rowheader').textContent).toBe('Total');
    expect(screen.getByTestId('competition-open').textContent).toBe('Applications closed');
    expect(screen.getByTestId('competition-counted-at').textContent).toBe('As of 2026-11-27 09:15 (Korea time)');
    expect(screen.getByTestId('competition-school').textContent).toBe('Ewha GSIS');
  });

  it('says so when no round is shown', async () => {
    answer = () => jsonResponse({ ...page, rounds: [] });
    show();
    expect((await screen.findByTestId('competition-empty')).textContent).toMatch(/공개된 경쟁률이 없습니다/);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByTestId('competition-counted-at').textContent).toBe('2026-11-27 09:15 기준');
  });

  it('says when the school is unknown', async () => {
    show('/nowhere/competition');
    expect((await screen.findByTestId('competition-unknown')).textContent).toBe('학교를 찾을 수 없습니다. 주소를 확인해 주세요.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('writes ratios with two decimals against one, and "-" without a quota', () => {
    expect(formatRatio(3.5)).toBe('3.50 : 1');
    expect(formatRatio(12)).toBe('12.00 : 1');
    expect(formatRatio(0.333333)).toBe('0.33 : 1');
    expect(formatRatio(null)).toBe('-');
  });
});

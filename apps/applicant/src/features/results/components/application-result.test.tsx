import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import type { DecisionResult } from '../api/get-results';
import { ApplicationResult } from './application-result';

const result = (applNo: number, decision: DecisionResult['decision'], over: Partial<DecisionResult> = {}): DecisionResult => ({
  applNo, schoolCode: '236', enterYear: 2027, recruitPartSeq: 1, decision, rank: decision === 'waitlist' ? 2 : 0,
  label: {
    admit: { ko: '합격', en: 'Admitted' },
    waitlist: { ko: '예비 합격 (2번)', en: 'Waitlisted (No. 2)' },
    reject: { ko: '불합격', en: 'Not admitted' },
  }[decision],
  message: { ko: `${decision} 안내입니다.\n둘째 줄`, en: `About your ${decision}.` },
  releasedAt: '2027-01-10T05:00:00Z', letter: decision === 'admit', ...over,
});

let results: DecisionResult[] = [];
let letterLanguage: string | null = null;
beforeEach(() => {
  letterLanguage = null;
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url).split('?')[0];
    if (path === '/apply/api-auth/appl/results') return jsonResponse(results);
    if (path === '/apply/api-auth/appl/results/7/letter') {
      letterLanguage = new Headers(init?.headers).get('Accept-Language');
      return new Response(new TextEncoder().encode('%PDF-1.4'), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="admission-S27-0007.pdf"' } });
    }
    return jsonResponse({}, 404);
  }));
  URL.createObjectURL = vi.fn(() => 'blob:letter');
  URL.revokeObjectURL = vi.fn();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ko');
});

describe('an application\'s result on /list', () => {
  it('shows an admitted applicant the decision, the school\'s message, the release time in Korea and the letter', async () => {
    results = [result(7, 'admit')];
    renderWithProviders(<ApplicationResult applNo={7} />);
    const panel = await screen.findByTestId('appl-result');
    expect(panel.getAttribute('data-decision')).toBe('admit');
    expect(screen.getByRole('region', { name: '전형 결과' })).toBe(panel);
    expect(screen.getByTestId('result-label').textContent).toBe('합격');
    expect(screen.getByTestId('result-message').textContent).toBe('admit 안내입니다.\n둘째 줄');
    expect(screen.getByTestId('result-released').textContent).toBe('2027-01-10 14:00 발표 (한국 시간)');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: '합격증 내려받기' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(letterLanguage).toBe('ko');
    click.mockRestore();
  });

  it('writes it in English and asks for the English letter', async () => {
    await i18n.changeLanguage('en');
    results = [result(7, 'admit')];
    renderWithProviders(<ApplicationResult applNo={7} />);
    expect((await screen.findByTestId('result-label')).textContent).toBe('Admitted');
    expect(screen.getByTestId('result-message').textContent).toBe('About your admit.');
    expect(screen.getByTestId('result-released').textContent).toBe('Released 2027-01-10 14:00 (Korea time)');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Download admission letter' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(letterLanguage).toBe('en');
    click.mockRestore();
  });

  it('gives a waitlisted or rejected applicant the decision and message, and no letter', async () => {
    results = [result(8, 'waitlist'), result(9, 'reject')];
    renderWithProviders(<><ApplicationResult applNo={8} /><ApplicationResult applNo={9} /></>);
    const panels = await screen.findAllByTestId('appl-result');
    expect(panels.map((p) => p.getAttribute('data-decision'))).toEqual(['waitlist', 'reject']);
    expect(screen.getAllByTestId('result-label').map((l) => l.textContent)).toEqual(['예비 합격 (2번)', '불합격']);
    expect(screen.getAllByTestId('result-message')[1].textContent).toBe('reject 안내입니다.\n둘째 줄');
    expect(screen.queryByTestId('result-letter')).toBeNull();
  });

  it('falls back to the other language when the school left one empty', async () => {
    await i18n.changeLanguage('en');
    results = [result(9, 'reject', { message: { ko: '한국어 안내만 있습니다.', en: ' ' }, label: { ko: '불합격', en: '' } })];
    renderWithProviders(<ApplicationResult applNo={9} />);
    expect((await screen.findByTestId('result-message')).textContent).toBe('한국어 안내만 있습니다.');
    expect(screen.getByTestId('result-label').textContent).toBe('불합격');
  });

  it('shows nothing before the round\'s results are out (the server lists nothing for it)', async () => {
    results = [result(8, 'admit')];
    renderWithProviders(<ApplicationResult applNo={7} />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('appl-result')).toBeNull();
  });
});

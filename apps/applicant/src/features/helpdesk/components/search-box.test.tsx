import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import i18n from '@/lib/i18n';
import { jsonResponse, renderRoutes } from '@/testing/test-utils';
import { FaqPage } from '@/app/routes/faq';
import { SEARCH_DELAY_MS } from './search-box';

const all = {
  categories: [
    { id: 1, name: '회원가입·계정' },
    { id: 4, name: '전형료 결제·환불' },
  ],
  entries: [
    { id: 3, categoryId: 1, title: '아이디나 비밀번호를 잊어버렸어요.', answer: '아이디 찾기에서\n\n비밀번호 찾기에서', updatedAt: '2026-11-24' },
    { id: 16, categoryId: 4, title: '전형료를 환불받을 수 있나요?', answer: '<b>환불</b>은 담당자가 처리합니다.', updatedAt: '2026-11-24' },
  ],
};

describe('FAQ search', () => {
  let calls: string[];
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('ko'));
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        calls.push(url.pathname + url.search);
        const q = url.searchParams.get('q') ?? '';
        return jsonResponse({ ...all, entries: all.entries.filter((e) => (e.title + e.answer).includes(q)) });
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks the server once typing pauses, puts the term in the URL and shows the matches', async () => {
    const view = renderRoutes([{ path: '/faq', element: <FaqPage /> }], ['/faq']);
    expect(await screen.findAllByTestId('faq-entry')).toHaveLength(2);
    vi.useFakeTimers();
    const box = screen.getByTestId('faq-search');
    fireEvent.change(box, { target: { value: '환' } });
    fireEvent.change(box, { target: { value: '환불' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 50));
    expect(calls.filter((c) => c.includes('q='))).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(view.router.state.location.search).toBe('?q=%ED%99%98%EB%B6%88');
    await act(() => vi.advanceTimersByTimeAsync(1000)); // the answer arrives
    vi.useRealTimers();
    expect(screen.getByTestId('faq-count').textContent).toBe("'환불' 검색 결과 1개");
    expect(calls.filter((c) => c.includes('q='))).toEqual(['/apply/api/faq?lang=ko&q=%ED%99%98%EB%B6%88']);
    expect(screen.getAllByTestId('faq-entry')).toHaveLength(1);
    // The answer is text: markup shows as typed, never as HTML.
    fireEvent.click(screen.getByText('전형료를 환불받을 수 있나요?'));
    expect(screen.getByText('<b>환불</b>은 담당자가 처리합니다.')).toBeTruthy();
    expect(document.querySelector('[data-testid="faq-answer"] b')).toBeNull();
    view.unmount();
  });

  it('opens a shared link with its search and says when nothing matches', async () => {
    const view = renderRoutes([{ path: '/faq', element: <FaqPage /> }], ['/faq?q=qzxqzx']);
    expect(await screen.findByTestId('faq-empty')).toBeTruthy();
    expect(screen.getByText(/'qzxqzx'에 대한 검색 결과가 없습니다/)).toBeTruthy();
    expect((screen.getByTestId('faq-search') as HTMLInputElement).value).toBe('qzxqzx');
    expect(calls).toEqual(['/apply/api/faq?lang=ko&q=qzxqzx']);
    view.unmount();
  });

  it('keeps paragraphs of an answer and filters by category chip', async () => {
    const view = renderRoutes([{ path: '/faq', element: <FaqPage /> }], ['/faq']);
    await screen.findAllByTestId('faq-entry');
    fireEvent.click(screen.getByText('아이디나 비밀번호를 잊어버렸어요.'));
    expect(document.querySelectorAll('#faq-3-body p')).toHaveLength(2);
    fireEvent.click(screen.getByText('전형료 결제·환불'));
    expect(view.router.state.location.search).toBe('?category=4');
    expect(screen.getAllByTestId('faq-entry')).toHaveLength(1);
    view.unmount();
  });
});

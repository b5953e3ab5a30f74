import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { renderRoutes } from '@/testing/test-utils';
import { MainLayout } from '@/components/layout/main-layout';
import { errorLogStore } from '@/lib/notifications';
import { lazyPage, PAGE_LOAD_TIMEOUT_MS } from './lazy-page';

const Hello = () => <p data-testid="hello">hello</p>;

function renderPage(Page: ReturnType<typeof lazyPage>) {
  return renderRoutes([{ path: '/', element: <MainLayout><Page /></MainLayout> }], ['/']);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a page whose code does not arrive (seed section 9, issue 21)', () => {
  it('gives up after 120 s with a retry message, and the retry loads it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let tries = 0;
    const Page = lazyPage(() => (++tries === 1 ? new Promise(() => undefined) : Promise.resolve({ default: Hello })));
    renderPage(Page);
    await act(async () => vi.advanceTimersByTimeAsync(PAGE_LOAD_TIMEOUT_MS - 1000));
    expect(screen.queryByTestId('page-load-failed')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    const alert = await screen.findByTestId('page-load-failed');
    expect(alert.getAttribute('data-reason')).toBe('timeout');
    expect(alert.textContent).toContain('120초');
    expect(errorLogStore.get().some((e) => (e as Error).name === 'PageLoadTimeout')).toBe(true);
    vi.useRealTimers();
    fireEvent.click(screen.getByTestId('page-load-retry'));
    expect(await screen.findByTestId('hello')).toBeTruthy();
    expect(tries).toBe(2);
  });

  it('a chunk that fails to load says so instead of a blank page, and the retry loads it', async () => {
    let tries = 0;
    const Page = lazyPage(() => (++tries === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({ default: Hello })));
    renderPage(Page);
    const alert = await screen.findByTestId('page-load-failed');
    expect(alert.getAttribute('data-reason')).toBe('error');
    expect(alert.textContent).toContain('페이지를 불러오지 못했습니다');
    fireEvent.click(screen.getByTestId('page-load-retry'));
    expect(await screen.findByTestId('hello')).toBeTruthy();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { jsonResponse } from '@/testing/test-utils';
import { DRAFT_DELAY_MS, readLocalDraft, useDraftAutosave } from './use-draft-autosave';

const fetchMock = vi.fn<typeof fetch>();

function calls() {
  return fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined }));
}

beforeEach(() => {
  window.sessionStorage.clear();
  vi.useFakeTimers();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (_url, init) =>
    init?.method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse({ applNo: 7, step: 'ACAD_SAVE', savedAt: '2026-11-22T10:20:30+09:00' }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
});

const setup = (over: Partial<Parameters<typeof useDraftAutosave>[0]> = {}) =>
  renderHook(() => useDraftAutosave({ applNo: 7, step: 'ACAD_SAVE', enabled: true, hasServerDraft: false, ...over }));

describe('draft autosave (nothing typed is lost)', () => {
  it('sends one draft with the latest values a second after typing stops', async () => {
    const { result } = setup();
    act(() => result.current.schedule({ v: 1 }, true));
    await act(() => vi.advanceTimersByTimeAsync(500));
    act(() => result.current.schedule({ v: 2 }, true));
    expect(result.current.status).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS - 1));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls()).toEqual([{ url: '/apply/api-auth/appl/draft/7/ACAD_SAVE', method: 'PUT', body: { v: 2 } }]);
    expect(result.current.status).toBe('saved');
    expect(result.current.savedAt).toBe('2026-11-22T10:20:30+09:00');
  });

  it('typing back to the saved values removes the server draft', async () => {
    const { result } = setup({ hasServerDraft: true });
    act(() => result.current.schedule({ v: 'saved' }, false));
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS));
    expect(calls()).toEqual([{ url: '/apply/api-auth/appl/draft/7/ACAD_SAVE', method: 'DELETE', body: undefined }]);
    expect(result.current.status).toBe('idle');
  });

  it('unchanged values with no server draft send nothing', async () => {
    const { result } = setup();
    act(() => result.current.schedule({ v: 'saved' }, false));
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS * 3));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a real save drops the waiting draft; flush sends at once; closing the step sends what waits', async () => {
    const { result, unmount } = setup();
    act(() => result.current.schedule({ v: 1 }, true));
    await act(() => result.current.settle());
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS * 2));
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => result.current.schedule({ v: 2 }, true));
    await act(() => result.current.flush());
    expect(calls().map((c) => c.body)).toEqual([{ v: 2 }]);

    act(() => result.current.schedule({ v: 3 }, true));
    unmount();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls().map((c) => c.body)).toEqual([{ v: 2 }, { v: 3 }]);
  });

  it('a draft the server refuses is kept in the tab, without a toast, until a draft or save goes through', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ status: 403, code: 'window.closed', message: 'closed' }, 403));
    const { result } = setup();
    act(() => result.current.schedule({ v: 1 }, true));
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS));
    expect(result.current.status).toBe('error');
    const { globalErrorStore, toastStore } = await import('@/lib/notifications');
    expect(globalErrorStore.get()).toBeNull();
    expect(toastStore.get()).toBeNull();
    expect(readLocalDraft(7, 'ACAD_SAVE')?.data).toEqual({ v: 1 });
    expect(readLocalDraft(7, 'LANG_SAVE')).toBeNull();

    fetchMock.mockImplementation(async () => jsonResponse({ applNo: 7, step: 'ACAD_SAVE', savedAt: 'x' }));
    act(() => result.current.schedule({ v: 2 }, true));
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS));
    expect(result.current.status).toBe('saved');
    expect(readLocalDraft(7, 'ACAD_SAVE')).toBeNull();
  });

  it('a real save forgets the tab copy', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('offline');
    });
    const { result } = setup();
    act(() => result.current.schedule({ v: 1 }, true));
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS));
    expect(readLocalDraft(7, 'ACAD_SAVE')?.data).toEqual({ v: 1 });
    act(() => result.current.markSaved());
    expect(readLocalDraft(7, 'ACAD_SAVE')).toBeNull();
  });

  it('view mode never sends drafts', async () => {
    const { result } = setup({ enabled: false });
    act(() => result.current.schedule({ v: 1 }, true));
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS * 2));
    expect(fetchMock).not.toHaveBeenCalled();
  });
  it('defect 3: a refused save keeps the waiting values as a draft at once, and later changes are drafted again', async () => {
    const { result } = setup();
    act(() => result.current.schedule({ v: 1 }, true));
    // Save pressed within the second: the waiting draft is dropped, then the server refuses
    await act(() => result.current.settle());
    await act(() => result.current.keep({ v: 1 }, true));
    expect(calls()).toEqual([{ url: '/apply/api-auth/appl/draft/7/ACAD_SAVE', method: 'PUT', body: { v: 1 } }]);
    expect(result.current.status).toBe('saved');
    act(() => result.current.schedule({ v: 2 }, true));
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS));
    expect(calls().at(-1)).toEqual({ url: '/apply/api-auth/appl/draft/7/ACAD_SAVE', method: 'PUT', body: { v: 2 } });
  });

  it('a refused save of unchanged values with no server draft sends nothing', async () => {
    const { result } = setup();
    await act(() => result.current.keep({ v: 'saved' }, false));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

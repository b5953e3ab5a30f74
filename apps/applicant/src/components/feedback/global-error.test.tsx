import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/test-utils';
import { globalErrorStore, setGlobalError } from '@/lib/notifications';
import { GlobalError } from './global-error';

afterEach(() => {
  vi.useRealTimers();
});

describe('<GlobalError>', () => {
  it('shows the global text and the detail, then clears after 4000 ms', () => {
    vi.useFakeTimers();
    renderWithProviders(<GlobalError />);
    expect(screen.queryByTestId('global-error')).toBeNull();
    act(() => setGlobalError('detail message'));
    const el = screen.getByTestId('global-error');
    expect(el.textContent).toContain('오류 알림: 다시 시도해 주세요.');
    expect(el.textContent).toContain('detail message');
    // what the person sees: the alert stays 4000 ms, then goes
    act(() => vi.advanceTimersByTime(3900));
    expect(globalErrorStore.get()).not.toBeNull();
    expect(screen.getByTestId('global-error').textContent).toContain('detail message');
    act(() => vi.advanceTimersByTime(200));
    expect(globalErrorStore.get()).toBeNull();
    act(() => vi.advanceTimersByTime(500)); // the Snackbar's closing transition
    expect(screen.queryByTestId('global-error')).toBeNull();
  });

  it('restarts the 4000 ms for a new error', () => {
    vi.useFakeTimers();
    renderWithProviders(<GlobalError />);
    act(() => setGlobalError('first'));
    act(() => vi.advanceTimersByTime(3000));
    act(() => setGlobalError('second'));
    act(() => vi.advanceTimersByTime(3000));
    expect(globalErrorStore.get()?.message).toBe('second');
    act(() => vi.advanceTimersByTime(1100));
    expect(globalErrorStore.get()).toBeNull();
  });
});

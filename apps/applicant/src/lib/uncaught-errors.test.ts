import { afterEach, describe, expect, it } from 'vitest';
import { errorLogStore } from './notifications';
import { captureUncaughtErrors } from './uncaught-errors';

let uninstall: (() => void) | null = null;
afterEach(() => {
  uninstall?.();
  errorLogStore.set([]);
});

describe('uncaught browser errors (seed section 8, issue 21)', () => {
  it('an `error` and an `unhandledrejection` land in the error store', () => {
    uninstall = captureUncaughtErrors(window);
    errorLogStore.set([]);
    const thrown = new Error('boom');
    window.dispatchEvent(new ErrorEvent('error', { error: thrown, message: 'boom' }));
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: 'no answer' });
    window.dispatchEvent(rejection);
    expect(errorLogStore.get()).toEqual([thrown, 'no answer']);
  });

  it('a script error without an Error object is kept by its message', () => {
    uninstall = captureUncaughtErrors(window);
    errorLogStore.set([]);
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(String(errorLogStore.get()[0])).toContain('Script error.');
  });
});

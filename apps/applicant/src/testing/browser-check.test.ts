import { describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

const script = fs.readFileSync(path.resolve(__dirname, '../../public/browser-check.js'), 'utf8');

function run(overrides: Record<string, unknown>, modules = true) {
  const alert = vi.fn();
  const win: Record<string, unknown> = {
    fetch: () => undefined,
    Promise,
    Symbol,
    Map,
    URLSearchParams,
    IntersectionObserver: function IntersectionObserver() {},
    customElements: {},
    alert,
    ...overrides,
  };
  // the script reads `window` and `document`; both are stand-ins here
  const doc = { createElement: () => (modules ? { noModule: false } : {}) };
  new Function('window', 'document', script)(win, doc);
  return alert;
}

describe('unsupported-browser check (public/browser-check.js)', () => {
  it('stays silent in a browser that has what the app needs', () => {
    expect(run({})).not.toHaveBeenCalled();
  });

  it('asks to use Chrome when ES modules are not supported', () => {
    expect(run({}, false)).toHaveBeenCalledTimes(1);
  });

  it.each(['fetch', 'Promise', 'IntersectionObserver', 'customElements'])(
    'asks to use Chrome, in Korean and English, when %s is missing',
    (feature) => {
      const alert = run({ [feature]: undefined });
      expect(alert).toHaveBeenCalledTimes(1);
      const text = alert.mock.calls[0][0] as string;
      expect(text).toContain('Chrome');
      expect(text).toContain('브라우저');
      expect(text).toContain('This browser');
    },
  );
});

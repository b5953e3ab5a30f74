import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/test-utils';
import i18n, { loadLanguage, setLanguage } from '@/lib/i18n';
import { AltchaWidget } from './altcha-widget';

// the widget's registry, as the altcha package sets it when loaded
const texts = new Map<string, Record<string, string>>();
vi.mock('./load-altcha', () => ({
  loadAltcha: async () => {
    const registry = { algorithms: new Map(), i18n: { get: (lng: string) => texts.get(lng), set: (lng: string, value: Record<string, string>) => void texts.set(lng, value) } };
    globalThis.$altcha = registry as unknown as typeof globalThis.$altcha;
  },
}));

afterEach(async () => {
  texts.clear();
  Reflect.deleteProperty(globalThis, '$altcha');
  await loadLanguage('en');
});

describe('<AltchaWidget> texts', () => {
  it("gives the widget our texts of each loaded language, and the other's once switched to", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    i18n.removeResourceBundle('en', 'translation'); // a Korean visitor: English not loaded
    renderWithProviders(<AltchaWidget onChange={() => undefined} />);
    await screen.findByTestId('altcha');
    expect(texts.get('ko')?.label).toBe(i18n.t('altcha.label', { lng: 'ko' }));
    expect(texts.get('ko')?.label).not.toBe('');
    expect(texts.has('en')).toBe(false); // never empty texts over the widget's own
    await act(() => setLanguage('en'));
    expect(texts.get('en')?.label).toBe(i18n.t('altcha.label', { lng: 'en' }));
    expect(texts.get('en')?.label).not.toBe('');
  });
});

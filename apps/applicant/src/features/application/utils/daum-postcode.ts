import type { PostcodeResult } from './postcode';

type DaumPostcode = new (options: {
  oncomplete: (data: PostcodeResult) => void;
  width?: string | number;
  height?: string | number;
  maxSuggestItems?: number;
}) => { embed: (el: HTMLElement) => void; open: () => void };

declare global {
  interface Window {
    daum?: { Postcode?: DaumPostcode };
  }
}

export const POSTCODE_SCRIPT = 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';

let loading: Promise<DaumPostcode> | null = null;

/**
 * Loads the Korean postcode widget (decisions.md: where the browser can reach
 * it). Rejects when the script fails or does not arrive in time, so the page
 * can fall back to manual entry.
 */
export function loadDaumPostcode(timeoutMs = 5000): Promise<DaumPostcode> {
  if (window.daum?.Postcode) return Promise.resolve(window.daum.Postcode);
  if (loading) return loading;
  loading = new Promise<DaumPostcode>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = POSTCODE_SCRIPT;
    script.async = true;
    const timer = setTimeout(() => fail(new Error('postcode script timeout')), timeoutMs);
    function fail(e: Error) {
      clearTimeout(timer);
      loading = null;
      script.remove();
      reject(e);
    }
    script.onload = () => {
      clearTimeout(timer);
      if (window.daum?.Postcode) resolve(window.daum.Postcode);
      else fail(new Error('postcode widget missing'));
    };
    script.onerror = () => fail(new Error('postcode script failed'));
    document.head.appendChild(script);
  });
  return loading;
}

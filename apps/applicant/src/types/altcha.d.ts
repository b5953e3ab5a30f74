import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type AltchaWidgetAttributes = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  challenge?: string;
  auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit';
  name?: string;
  language?: string;
  type?: 'native' | 'checkbox' | 'switch';
  display?: string;
  configuration?: string;
  workers?: number;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': AltchaWidgetAttributes;
    }
  }
}

declare global {
  var $altcha:
    | {
        algorithms: Map<string, () => Worker | Promise<Worker>>;
        i18n: { get: (lang: string) => Record<string, string> | undefined; set: (lang: string, value: Record<string, string>) => void };
      }
    | undefined;
}

export {};

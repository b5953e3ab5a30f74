import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from '@/lib/use-translation';
import i18n from '@/lib/i18n';
import { loadAltcha } from './load-altcha';

const STRING_KEYS = [
  'label', 'verifying', 'verified', 'error', 'expired', 'verificationRequired', 'waitAlert',
  'loading', 'reload', 'verify', 'cancel', 'footer', 'ariaLinkLabel', 'enterCode',
  'enterCodeAria', 'getAudioChallenge', 'enterCodeFromImage',
] as const;

/** Widget texts come from our catalogues (ko default), for each language whose
 * texts are loaded (the other's come with a switch: registered again then). */
function registerStrings(): void {
  const registry = globalThis.$altcha;
  if (!registry) return;
  for (const lng of ['ko', 'en']) {
    if (!i18n.hasResourceBundle(lng, 'translation')) continue;
    const strings: Record<string, string> = {};
    for (const key of STRING_KEYS) strings[key] = i18n.t(`altcha.${key}`, { lng });
    registry.i18n.set(lng, { ...(registry.i18n.get(lng) ?? {}), ...strings });
  }
}

type AltchaElement = HTMLElement & {
  reset?: (state?: string) => void;
  verify?: () => Promise<void>;
};

export type AltchaHandle = {
  /** A payload is single-use: call after a rejected submission to solve a new challenge. */
  reset: () => void;
};

export type AltchaWidgetProps = {
  /** Receives the base64 payload once verified, null otherwise. */
  onChange: (payload: string | null) => void;
  challengeUrl?: string;
  name?: string;
};

export const AltchaWidget = forwardRef<AltchaHandle, AltchaWidgetProps>(function AltchaWidget(
  { onChange, challengeUrl = '/user/api/captcha', name = 'altcha' },
  ref,
) {
  const { t, i18n: inst } = useTranslation();
  const [ready, setReady] = useState(false);
  const el = useRef<AltchaElement | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    let alive = true;
    loadAltcha()
      .then(() => {
        registerStrings();
        if (alive) setReady(true);
      })
      .catch(() => {
        /* the submit button stays disabled; the server also rejects */
      });
    // a switch to a language loaded since: its texts before the widget re-renders in it
    i18n.on('languageChanged', registerStrings);
    return () => {
      alive = false;
      i18n.off('languageChanged', registerStrings);
    };
  }, []);

  useEffect(() => {
    const node = el.current;
    if (!ready || !node) return undefined;
    const onState = (ev: Event) => {
      const detail = (ev as CustomEvent<{ state: string; payload?: string | null }>).detail;
      onChangeRef.current(detail?.state === 'verified' && detail.payload ? detail.payload : null);
    };
    node.addEventListener('statechange', onState);
    return () => node.removeEventListener('statechange', onState);
  }, [ready]);

  useImperativeHandle(ref, () => ({
    reset: () => {
      const node = el.current;
      onChangeRef.current(null);
      node?.reset?.();
      void node?.verify?.();
    },
  }));

  if (!ready) {
    return (
      <Box sx={{ py: 1 }} data-testid="altcha-loading">
        <CircularProgress size={20} aria-label={t('common.loading')} />
      </Box>
    );
  }
  return (
    <Box data-testid="altcha" sx={{ '& altcha-widget': { display: 'block', maxWidth: '100%' } }}>
      <altcha-widget
        ref={el}
        challenge={challengeUrl}
        name={name}
        auto="onload"
        language={inst.language}
        type="checkbox"
      />
    </Box>
  );
});

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { useRecruit } from '../api/get-recruit';
import type { Consent, RoundKey } from '../types';

/** Every consent item → the version shown (what POST /appl/part records). */
export function acceptedVersions(consents: Consent[], checked: Record<string, boolean>): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const c of consents) {
    if (!checked[c.code]) return null;
    out[c.code] = c.version;
  }
  return out;
}

/** /appl/agree: the school's consent items, bilingual, all required. */
export function ConsentForm({
  round,
  onAccept,
  submitLabel,
  pending = false,
}: {
  round: RoundKey;
  onAccept: (consents: Record<string, string>) => void;
  /** the final button's text where accepting also submits (default "next") */
  submitLabel?: string;
  pending?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const recruit = useRecruit(round);
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [other, setOther] = useState<Record<string, boolean>>({});
  const [error, setError] = useState(false);
  if (recruit.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (!recruit.data) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  const consents = recruit.data.consents ?? [];
  const en = i18n.language === 'en';
  const all = consents.length > 0 && consents.every((c) => checked[c.code]);
  const next = () => {
    const accepted = acceptedVersions(consents, checked);
    if (!accepted) {
      setError(true);
      return;
    }
    onAccept(accepted);
  };
  return (
    <Box data-testid="consent-form">
      <Typography variant="body1" sx={{ mb: 2 }}>
        {t('consent.intro', { school: en ? recruit.data.schoolEngName : recruit.data.schoolKorName })}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        <Link
          href={paths.legal.consents.getHref(round.schoolCode, String(round.enterYear), String(round.recruitPartSeq))}
          target="_blank"
          rel="noopener"
          data-testid="consent-history"
        >
          {t('consent.history')}
        </Link>
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <FormControlLabel
          label={<strong>{t('consent.all')}</strong>}
          control={
            <Checkbox
              checked={all}
              indeterminate={!all && consents.some((c) => checked[c.code])}
              onChange={(e) => {
                setChecked(Object.fromEntries(consents.map((c) => [c.code, e.target.checked])));
                setError(false);
              }}
              slotProps={{ input: { 'data-testid': 'consent-all' } as object }}
            />
          }
        />
      </Paper>
      <Stack spacing={2}>
        {consents.map((c) => {
          const showEn = other[c.code] ? !en : en;
          return (
            <Paper key={c.code} variant="outlined" sx={{ p: 2 }} data-testid={`consent-item-${c.code}`}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                  {showEn ? c.titleEn : c.titleKo} <Typography component="span" color="error">({t('consent.required')})</Typography>
                </Typography>
                <Button size="small" onClick={() => setOther((o) => ({ ...o, [c.code]: !o[c.code] }))} data-testid={`consent-lang-${c.code}`}>
                  {showEn ? t('consent.readKo') : t('consent.readEn')}
                </Button>
              </Stack>
              <Box
                tabIndex={0}
                lang={showEn ? 'en' : 'ko'}
                sx={{ maxHeight: 160, overflowY: 'auto', whiteSpace: 'pre-line', bgcolor: 'grey.50', p: 1.5, borderRadius: 1, fontSize: 14 }}
                data-testid={`consent-body-${c.code}`}
              >
                {showEn ? c.bodyEn : c.bodyKo}
              </Box>
              <Typography variant="caption" color="text.secondary">
                {t('consent.version', { version: c.version })}
              </Typography>
              <Box>
                <FormControlLabel
                  label={t('consent.agree')}
                  control={
                    <Checkbox
                      checked={!!checked[c.code]}
                      onChange={(e) => {
                        setChecked((p) => ({ ...p, [c.code]: e.target.checked }));
                        setError(false);
                      }}
                      slotProps={{ input: { name: `consents.${c.code}`, 'data-testid': `consent-${c.code}` } as object }}
                    />
                  }
                />
              </Box>
            </Paper>
          );
        })}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="consent-error">
          {t('consent.allRequired')}
        </Alert>
      )}
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" size="large" onClick={next} disabled={pending} data-testid="consent-next">
          {submitLabel ?? t('consent.next')}
        </Button>
      </Box>
    </Box>
  );
}

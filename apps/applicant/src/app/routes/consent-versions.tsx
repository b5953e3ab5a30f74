import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useConsentVersions, type ConsentVersions } from '@/features/application/api/get-consent-versions';
import type { RoundKey } from '@/features/application/types';
import { PageFrame } from './page-frame';

/** The round named by ?schoolCode=&enterYear=&partSeq=, or null. */
export function roundFromQuery(params: URLSearchParams): RoundKey | null {
  const schoolCode = params.get('schoolCode') ?? '';
  const enterYear = Number(params.get('enterYear'));
  const recruitPartSeq = Number(params.get('partSeq'));
  if (!schoolCode || !Number.isInteger(enterYear) || enterYear <= 0 || !Number.isInteger(recruitPartSeq) || recruitPartSeq <= 0) return null;
  return { schoolCode, enterYear, recruitPartSeq };
}

function ConsentItemVersions({ item }: { item: ConsentVersions }) {
  const { t, i18n } = useTranslation();
  const [version, setVersion] = useState(item.versions[0].version);
  const v = item.versions.find((x) => x.version === version) ?? item.versions[0];
  const en = i18n.language === 'en';
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} data-testid={`consent-versions-${item.code}`} aria-labelledby={`cv-${item.code}`}>
      <Typography id={`cv-${item.code}`} variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5, overflowWrap: 'anywhere' }}>
        {en ? v.titleEn : v.titleKo}
      </Typography>
      {item.versions.length > 1 ? (
        <TextField
          select
          size="small"
          label={t('legal.version')}
          value={v.version}
          onChange={(e) => setVersion(e.target.value)}
          sx={{ minWidth: 220, maxWidth: '100%', mb: 1.5 }}
          slotProps={{ htmlInput: { 'data-testid': `consent-version-${item.code}` } }}
        >
          {item.versions.map((x, i) => (
            <MenuItem key={x.version} value={x.version}>
              {t(i === 0 ? 'legal.current' : 'legal.earlier', { date: x.version })}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('legal.current', { date: v.version })} · {t('consent.noEarlier')}
        </Typography>
      )}
      <Box lang={en ? 'en' : 'ko'} sx={{ whiteSpace: 'pre-line', fontSize: 14, overflowWrap: 'anywhere' }} data-testid={`consent-text-${item.code}`}>
        {en ? v.bodyEn : v.bodyKo}
      </Box>
    </Paper>
  );
}

/** /consent/versions: every version of a round's consent texts, with its date. */
export function ConsentVersionsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const round = roundFromQuery(params);
  const q = useConsentVersions(round);
  let body;
  if (!round || q.isError) body = <Alert severity="error">{t('form.loadFailed')}</Alert>;
  else if (q.isPending)
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  else
    body = (
      <Stack spacing={2}>
        {q.data.map((item) => (
          <ConsentItemVersions key={item.code} item={item} />
        ))}
      </Stack>
    );
  return (
    <PageFrame title={t('title.consentVersions')} testId="consent-versions-page">
      {body}
    </PageFrame>
  );
}

export default ConsentVersionsPage;

import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from '@/lib/use-translation';
import { inLanguage } from '@/lib/bilingual';
import { saveBlob } from '@/lib/download';
import { seoulMinute } from '@/lib/format';
import { useResults, type DecisionResult } from '../api/get-results';
import { getLetter } from '../api/get-letter';

/**
 * Under an application on /list: its published result, once the round's
 * results are out (before that the server lists nothing and this shows
 * nothing). Every decision looks the same, quiet: the words are the news.
 */
export function ApplicationResult({ applNo }: { applNo: number }) {
  const results = useResults();
  const r = results.data?.find((x) => x.applNo === applNo);
  return r ? <ResultPanel result={r} /> : null;
}

/** One published result: the decision, the school's message, the letter of an admitted applicant. */
export function ResultPanel({ result: r }: { result: DecisionResult }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const lang = i18n.language;
  const label = inLanguage(r.label, lang) || t(`result.decision.${r.decision}`, { rank: r.rank });
  const message = inLanguage(r.message, lang);
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="appl-result"
      data-decision={r.decision}
      sx={{ mt: 2, p: { xs: 1.5, sm: 2 }, border: 1, borderColor: 'divider', borderLeft: 4, borderLeftColor: 'primary.main', borderRadius: 1 }}
    >
      <Typography id={headingId} variant="body2" component="h3" color="text.secondary">
        {t('result.title')}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700, mt: 0.5 }} data-testid="result-label">
        {label}
      </Typography>
      {message && (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="result-message">
          {message}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="result-released">
        {t('result.released', { at: seoulMinute(r.releasedAt) })}
      </Typography>
      {r.letter && <LetterButton applNo={r.applNo} />}
    </Box>
  );
}

/** The admission letter, in the interface's language. */
function LetterButton({ applNo }: { applNo: number }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const download = async () => {
    setBusy(true);
    setProgress(0);
    try {
      saveBlob(await getLetter(applNo, i18n.language, setProgress));
    } catch {
      /* the warning toast says why */
    } finally {
      setBusy(false);
    }
  };
  const percent = Math.round(progress * 100);
  return (
    <Box sx={{ mt: 1.5 }}>
      <Button variant="outlined" size="small" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void download()} data-testid="result-letter">
        {t('result.letter')}
      </Button>
      {busy && (
        <Box sx={{ mt: 1 }} role="status" data-testid="result-letter-progress">
          <LinearProgress variant={percent > 0 ? 'determinate' : 'indeterminate'} value={percent} aria-label={t('flow.downloading', { percent })} />
          <Typography variant="caption">{t('flow.downloading', { percent })}</Typography>
        </Box>
      )}
    </Box>
  );
}

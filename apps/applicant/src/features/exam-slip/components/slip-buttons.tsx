import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { useTranslation } from '@/lib/use-translation';
import { saveBlob, type FetchedFile } from '@/lib/download';
import { getSlip } from '../api/get-slip';
import { getApplicationPdf } from '../api/get-application-pdf';

export type SlipButtonsProps = {
  applNo: number;
  /** the admission slip exists once the application is COMPLETE */
  slip?: boolean;
  /** the whole-application PDF */
  print?: boolean;
  size?: 'small' | 'medium';
};

/** Admission slip and application PDF downloads (owner-checked, fetched as blobs). */
export function SlipButtons({ applNo, slip = true, print = true, size = 'small' }: SlipButtonsProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const run = async (which: string, get: (n: number, onProgress: (f: number) => void) => Promise<FetchedFile>) => {
    setBusy(which);
    setProgress(0);
    try {
      saveBlob(await get(applNo, setProgress));
    } catch {
      /* the warning toast says why */
    } finally {
      setBusy(null);
    }
  };
  const percent = Math.round(progress * 100);
  if (!slip && !print) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid={`slip-buttons-${applNo}`}>
      {slip && (
        <Button size={size} variant="outlined" disabled={busy !== null} onClick={() => void run('slip', getSlip)} data-testid="slip-download">
          {t('slip.download')}
        </Button>
      )}
      {print && (
        <Button size={size} variant="outlined" disabled={busy !== null} onClick={() => void run('print', getApplicationPdf)} data-testid="print-download">
          {t('slip.print')}
        </Button>
      )}
      {busy && (
        <Box sx={{ flexBasis: '100%', ml: '0 !important' }} role="status" data-testid="download-progress" data-progress={percent}>
          <LinearProgress variant={percent > 0 ? 'determinate' : 'indeterminate'} value={percent} aria-label={t('flow.downloading', { percent })} />
          <Typography variant="caption">{t('flow.downloading', { percent })}</Typography>
        </Box>
      )}
    </Stack>
  );
}

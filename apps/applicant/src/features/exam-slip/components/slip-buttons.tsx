import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
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
  const run = async (which: string, get: (n: number) => Promise<FetchedFile>) => {
    setBusy(which);
    try {
      saveBlob(await get(applNo));
    } catch {
      /* the warning toast says why */
    } finally {
      setBusy(null);
    }
  };
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
    </Stack>
  );
}

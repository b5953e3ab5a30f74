import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { FormText } from './form-text';
import { useApplicationForm } from '../form-context';
import { useFieldErrors } from '@/hooks/use-field-errors';
import { loadDaumPostcode } from '../../utils/daum-postcode';
import { composeAddress } from '../../utils/postcode';

/**
 * Post code, address and detail. The postcode widget fills the first two when
 * it can load; typing them by hand always works (decisions.md).
 */
export function PostcodeField({ prefix, required }: { prefix: string; required?: boolean }) {
  const { t } = useTranslation();
  const { readOnly } = useApplicationForm();
  const { setValue, setFocus } = useFormContext();
  const { clear } = useFieldErrors();
  const [open, setOpen] = useState(false);
  const [fallback, setFallback] = useState(false);
  const [busy, setBusy] = useState(false);
  const holder = useRef<HTMLDivElement | null>(null);

  const search = async () => {
    setBusy(true);
    try {
      const Postcode = await loadDaumPostcode();
      setOpen(true);
      // the dialog's content mounts on the next frame
      requestAnimationFrame(() => {
        if (!holder.current) return;
        new Postcode({
          width: '100%',
          height: '100%',
          maxSuggestItems: 10,
          oncomplete: (data) => {
            const { postCode, address } = composeAddress(data);
            setValue(`${prefix}.postCode`, postCode, { shouldDirty: true });
            setValue(`${prefix}.address`, address, { shouldDirty: true });
            clear(`${prefix}.postCode`);
            clear(`${prefix}.address`);
            setOpen(false);
            setTimeout(() => setFocus(`${prefix}.addressDetail`), 0);
          },
        }).embed(holder.current);
      });
    } catch {
      setFallback(true);
      setTimeout(() => setFocus(`${prefix}.postCode`), 0);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <FormText name={`${prefix}.postCode`} label={t('basis.postCode')} required={required} inputMode="numeric" />
          {!readOnly && (
            <Button variant="outlined" onClick={() => void search()} disabled={busy} data-testid="postcode-search" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              {t('basis.postcodeSearch')}
            </Button>
          )}
        </Box>
      </Grid>
      {fallback && (
        <Grid size={12}>
          <Alert severity="info" data-testid="postcode-fallback" onClose={() => setFallback(false)}>
            {t('basis.postcodeUnavailable')}
          </Alert>
        </Grid>
      )}
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormText name={`${prefix}.address`} label={t('basis.address')} required={required} />
      </Grid>
      <Grid size={12}>
        <FormText name={`${prefix}.addressDetail`} label={t('basis.addressDetail')} />
      </Grid>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('basis.postcodeSearch')}</DialogTitle>
        <DialogContent sx={{ p: 0, height: { xs: 460, sm: 480 } }}>
          <Box ref={holder} sx={{ width: '100%', height: '100%' }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { errorOf } from '../apiErrors';
import type { PagesDataProvider } from './methods';

/**
 * Support's cancel of a letter request the recommender has opened (spec
 * section 4 "via support"): a reason, mailed to the applicant and the
 * recommender; the recommender's link dies. The server decides who may.
 */
export const LetterCancel = ({ reqNo, onDone }: { reqNo: number; onDone: () => void }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const [open, setOpen] = useState(false);
    const [reason, setReason] = useState('');
    const [error, setError] = useState('');
    const dataProvider = useDataProvider<PagesDataProvider>();
    const { mutate: submit, isPending: busy } = useMutation({
        mutationFn: () => dataProvider.cancelLetter(reqNo, reason),
        onSuccess: () => {
            notify('app.recommend.cancelled', { type: 'success' });
            setOpen(false);
            onDone();
        },
        onError: e => {
            const { message, fields } = errorOf(e);
            setError(fields.reason ?? message);
        },
    });
    return (
        <>
            <Button size="small" color="error" onClick={() => { setReason(''); setError(''); setOpen(true); }} data-testid={`letter-cancel-${reqNo}`}>
                {translate('app.recommend.cancel')}
            </Button>
            <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={`letter-cancel-title-${reqNo}`}>
                <DialogTitle id={`letter-cancel-title-${reqNo}`}>{translate('app.recommend.cancel_title')}</DialogTitle>
                <DialogContent>
                    <DialogContentText sx={{ mb: 2 }}>{translate('app.recommend.cancel_help')}</DialogContentText>
                    <TextField
                        label={translate('app.recommend.cancel_reason')}
                        value={reason}
                        onChange={e => { setReason(e.target.value); setError(''); }}
                        multiline
                        minRows={3}
                        fullWidth
                        required
                        error={!!error}
                        helperText={error || ' '}
                        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'letter-cancel-reason' } }}
                    />
                </DialogContent>
                <DialogActions>
                    <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
                    <Button color="error" variant="contained" onClick={() => submit()} disabled={busy} data-testid="letter-cancel-confirm">
                        {translate('app.recommend.cancel_confirm')}
                    </Button>
                </DialogActions>
            </Dialog>
        </>
    );
};

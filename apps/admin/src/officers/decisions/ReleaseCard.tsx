import { useState } from 'react';
import {
    Box,
    Button,
    Card,
    CardContent,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    LinearProgress,
    Stack,
    Typography,
} from '@mui/material';
import { Form, ResourceContextProvider, SaveButton, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { errorOf, nestFieldErrors } from '../../apiErrors';
import { formatDateTime } from '../../format';
import { fromSeoulInput, isPast, seoulNow, toSeoulInput } from '../time';
import { DECISION_KINDS, type Bilingual, type DecisionKind, type DecisionsDataProvider, type ReleaseProgress } from './methods';

interface ReleaseValues {
    at: string;
    messages: Record<DecisionKind, Bilingual>;
}

const emptyMessages = (): Record<DecisionKind, Bilingual> => ({
    admit: { ko: '', en: '' },
    waitlist: { ko: '', en: '' },
    reject: { ko: '', en: '' },
});

/**
 * The round's release: its time (typed and shown in Seoul time, sent with
 * +09:00) and a message per decision in ko and en; once released, read
 * only, with the result mails' progress.
 */
export const ReleaseCard = ({ roundId, progress }: { roundId: string; progress: ReleaseProgress }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<DecisionsDataProvider>();
    const [confirming, setConfirming] = useState<ReleaseValues | null>(null);
    const release = progress.release;
    const record: ReleaseValues = { at: toSeoulInput(release?.at), messages: { ...emptyMessages(), ...(release?.messages ?? {}) } };

    /** Saves; answers the server's field errors by field name (as it names them), or none. */
    const save = async (v: ReleaseValues): Promise<Record<string, string> | undefined> => {
        try {
            await dataProvider.setRelease(roundId, { at: fromSeoulInput(v.at), messages: v.messages });
            notify('officers.release.saved', { type: 'info' });
            await queryClient.invalidateQueries({ queryKey: ['decision'] });
            return undefined;
        } catch (e) {
            const { message, fields } = errorOf(e);
            notify(message, { type: 'error' });
            return fields;
        }
    };
    // A time already past publishes at once: that is asked first.
    const submit = async (values: Record<string, unknown>) => {
        const v = values as unknown as ReleaseValues;
        if (isPast(v.at)) {
            setConfirming(v);
            return undefined;
        }
        const fields = await save(v);
        return fields ? nestFieldErrors(fields) : undefined;
    };
    const { released, mailed, total } = progress;
    return (
        <Card component="section" aria-labelledby="release-title" data-testid="release-card">
            <CardContent>
                <Typography id="release-title" component="h2" variant="h6" gutterBottom>
                    {translate('officers.release.title')}
                </Typography>
                {released && (
                    <Box sx={{ mb: 2 }} data-testid="release-progress" data-mailed={mailed} data-total={total}>
                        <Typography variant="body1">{translate('officers.release.progress', { mailed, total })}</Typography>
                        <LinearProgress
                            variant="determinate"
                            value={total ? (100 * mailed) / total : 100}
                            sx={{ my: 1, maxWidth: 480 }}
                            aria-label={translate('officers.release.progress', { mailed, total })}
                        />
                        <Typography variant="body2" color="text.secondary">
                            {translate(mailed < total ? 'officers.release.sending' : 'officers.release.all_mailed')}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                            {translate('officers.release.by_decision', progress.byDecision)}
                        </Typography>
                    </Box>
                )}
                {release && (
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                        {translate('officers.release.set_by', { at: formatDateTime(release.setAt), by: release.setBy })}
                    </Typography>
                )}
                <ResourceContextProvider value="decision-release">
                    <Form record={record} onSubmit={submit} key={JSON.stringify(release)}>
                        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                            <TextInput
                                source="at"
                                type="datetime-local"
                                label={translate('officers.release.at')}
                                helperText={translate('officers.release.at_help')}
                                slotProps={{ inputLabel: { shrink: true } }}
                                disabled={released}
                                sx={{ minWidth: 260 }}
                            />
                            {!released && <NowButton />}
                        </Stack>
                        {DECISION_KINDS.map(k => (
                            <Box key={k} sx={{ width: '100%' }}>
                                <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
                                    {translate('officers.release.message_for', { kind: translate(`officers.decisions.kind.${k}`) })}
                                </Typography>
                                <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                                    <TextInput source={`messages.${k}.ko`} label={translate('officers.release.message_ko')} multiline minRows={2} fullWidth disabled={released} />
                                    <TextInput source={`messages.${k}.en`} label={translate('officers.release.message_en')} multiline minRows={2} fullWidth disabled={released} />
                                </Stack>
                            </Box>
                        ))}
                        {!released && <SaveButton label="officers.release.save" alwaysEnable data-testid="release-save" />}
                        {confirming && <ConfirmRelease values={confirming} onClose={() => setConfirming(null)} save={save} />}
                    </Form>
                </ResourceContextProvider>
            </CardContent>
        </Card>
    );
};

/** Fills the release time with now (Seoul time). */
const NowButton = () => {
    const translate = useTranslate();
    const { setValue } = useFormContext();
    return (
        <Button size="small" variant="outlined" onClick={() => setValue('at', seoulNow(), { shouldDirty: true })} data-testid="release-now">
            {translate('officers.release.now')}
        </Button>
    );
};

/** Asks before a release that publishes at once; the server's field errors go to the form's fields. */
const ConfirmRelease = ({
    values,
    onClose,
    save,
}: {
    values: ReleaseValues;
    onClose: () => void;
    save: (v: ReleaseValues) => Promise<Record<string, string> | undefined>;
}) => {
    const translate = useTranslate();
    const { setError } = useFormContext();
    const [busy, setBusy] = useState(false);
    const confirm = async () => {
        setBusy(true);
        const fields = await save(values);
        setBusy(false);
        for (const [name, message] of Object.entries(fields ?? {})) setError(name, { type: 'server', message });
        onClose();
    };
    return (
        <Dialog open onClose={onClose} aria-labelledby="release-confirm-title" data-testid="release-confirm">
            <DialogTitle id="release-confirm-title">{translate('officers.release.confirm_title')}</DialogTitle>
            <DialogContent>
                <DialogContentText>{translate('officers.release.confirm_body')}</DialogContentText>
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{translate('officers.decisions.cancel')}</Button>
                <Button variant="contained" color="warning" disabled={busy} onClick={confirm} data-testid="release-confirm-go">
                    {translate('officers.release.confirm')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};

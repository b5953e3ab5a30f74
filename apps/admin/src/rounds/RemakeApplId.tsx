import { useState } from 'react';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    CircularProgress,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    LinearProgress,
    Stack,
    Typography,
} from '@mui/material';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { PageHeading } from '../components/PageHeading';
import type { RoundsDataProvider } from './methods';
import { RoundPicker } from './RoundPicker';
import { RuleField, RuleResult, ruleError, useRuleCheck } from './ApplIdCheck';

/**
 * remake/applid (system admin): re-assign a round's exam numbers by a rule,
 * in completion order, after seeing what they become; applicants whose
 * number changes are mailed. The server refuses it while payments are in flight.
 */
export const RemakeApplId = () => {
    const translate = useTranslate();
    const t = (k: string, o?: object) => translate(`app.remake.${k}`, o);
    const s = useRuleCheck();
    const dataProvider = useDataProvider<RoundsDataProvider>();
    const [confirm, setConfirm] = useState(false);
    const [done, setDone] = useState<{ count: number; changed: number } | null>(null);
    // Running lasts until the check after the re-numbering has answered too.
    const remake = useMutation({
        mutationFn: () => dataProvider.remakeApplId(s.roundId, s.rule),
        onSuccess: async out => {
            setDone(out);
            await s.check();
        },
    });
    const running = remake.isPending;
    const error = remake.error ? ruleError(remake.error) : null;
    const run = () => {
        setConfirm(false);
        remake.mutate();
    };
    return (
        <Box sx={{ mt: 2 }} data-testid="remake-applid">
            <Title title={t('title')} />
            <Card>
                <CardContent>
                    <PageHeading title="app.remake.title" variant="page" />
                    <Typography variant="body2" color="text.secondary">
                        {t('intro')}
                    </Typography>
                    {!s.rounds && !s.failed && <CircularProgress aria-label={translate('ra.page.loading')} />}
                    {s.rounds && s.rounds.length > 0 && (
                        <>
                            <RoundPicker rounds={s.rounds} value={s.roundId} onChange={id => { setDone(null); s.setRoundId(id); }} />
                            <RuleField rule={s.rule} setRule={s.setRule} error={s.error} />
                            <Stack direction="row" spacing={1}>
                                <Button variant="outlined" onClick={() => void s.check()} disabled={s.busy || running}>
                                    {t('preview')}
                                </Button>
                                <Button
                                    variant="contained"
                                    color="warning"
                                    onClick={() => setConfirm(true)}
                                    disabled={!s.result || s.result.real.length === 0 || running}
                                    data-testid="remake-run"
                                >
                                    {t('run')}
                                </Button>
                            </Stack>
                            {running && <LinearProgress sx={{ my: 2 }} aria-label={t('running')} />}
                            {error && <Alert severity="error" sx={{ my: 2 }}>{error}</Alert>}
                            {done && (
                                <Alert severity="success" sx={{ my: 2 }} data-testid="remake-done">
                                    {t('done', { count: done.count, changed: done.changed })}
                                </Alert>
                            )}
                            {s.result && <RuleResult result={s.result} />}
                        </>
                    )}
                </CardContent>
            </Card>
            <Dialog open={confirm} onClose={() => setConfirm(false)}>
                <DialogTitle>{t('confirm_title')}</DialogTitle>
                <DialogContent>
                    <DialogContentText>{t('confirm_body', { n: s.result?.real.length ?? 0 })}</DialogContentText>
                </DialogContent>
                <DialogActions>
                    <Button onClick={() => setConfirm(false)}>{translate('ra.action.cancel')}</Button>
                    <Button color="warning" variant="contained" onClick={run} data-testid="remake-confirm">
                        {t('run')}
                    </Button>
                </DialogActions>
            </Dialog>
        </Box>
    );
};

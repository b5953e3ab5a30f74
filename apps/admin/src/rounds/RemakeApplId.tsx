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
import { Title, useTranslate } from 'react-admin';
import { httpClient } from '../httpClient';
import { ADMIN_API } from '../dataProvider';
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
    const [confirm, setConfirm] = useState(false);
    const [running, setRunning] = useState(false);
    const [done, setDone] = useState<{ count: number; changed: number } | null>(null);
    const [error, setError] = useState<string | null>(null);
    const run = async () => {
        setConfirm(false);
        setRunning(true);
        setError(null);
        try {
            const { json } = await httpClient(`${ADMIN_API}/recruit-parts/${encodeURIComponent(s.roundId)}/remake-applid`, {
                method: 'POST',
                body: JSON.stringify({ rule: s.rule }),
            });
            setDone(json as { count: number; changed: number });
            await s.check();
        } catch (e) {
            setError(ruleError(e));
        } finally {
            setRunning(false);
        }
    };
    return (
        <Box sx={{ mt: 2 }} data-testid="remake-applid">
            <Title title={t('title')} />
            <Card>
                <CardContent>
                    <Typography component="h1" variant="h5" gutterBottom>
                        {t('title')}
                    </Typography>
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
                    <Button color="warning" variant="contained" onClick={() => void run()} data-testid="remake-confirm">
                        {t('run')}
                    </Button>
                </DialogActions>
            </Dialog>
        </Box>
    );
};

import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    CircularProgress,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    TextField,
    Typography,
} from '@mui/material';
import { HttpError, Title, useDataProvider, useGetOne, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { fieldErrors } from '../apiErrors';
import { PageHeading } from '../components/PageHeading';
import type { RoundsDataProvider, RuleCheck } from './methods';
import { RoundPicker, useRounds } from './RoundPicker';
import type { RoundRecord } from './types';

/** The field error of a refused rule, else the general message. */
export const ruleError = (e: unknown): string => {
    if (e instanceof HttpError) return fieldErrors(e).rule ?? e.message;
    return String(e);
};

/** The numbers a rule gives: samples, then every completion now and by the rule. */
export const RuleResult = ({ result }: { result: RuleCheck }) => {
    const translate = useTranslate();
    const t = (k: string, o?: object) => translate(`app.appl_id_check.${k}`, o);
    return (
        <Box data-testid="rule-result">
            <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
                {t('samples')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {result.samples.map(s => (
                    <code key={s} style={{ padding: '2px 6px', border: '1px solid #999', borderRadius: 4 }}>
                        {s}
                    </code>
                ))}
            </Stack>
            <Typography variant="body2" sx={{ mt: 1 }}>
                {t('capacity', { n: result.capacity.toLocaleString() })}
            </Typography>
            <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
                {t('real', { n: result.real.length })}
            </Typography>
            {result.real.length === 0 ? (
                <Typography variant="body2">{t('no_real')}</Typography>
            ) : (
                <Box sx={{ overflowX: 'auto' }}>
                    <Table size="small">
                        <TableHead>
                            <TableRow>
                                <TableCell>{t('order')}</TableCell>
                                <TableCell>{t('appl_no')}</TableCell>
                                <TableCell>{t('completed_at')}</TableCell>
                                <TableCell>{t('current')}</TableCell>
                                <TableCell>{t('new')}</TableCell>
                            </TableRow>
                        </TableHead>
                        <TableBody>
                            {result.real.map((r, i) => (
                                <TableRow key={r.applNo}>
                                    <TableCell>{i + 1}</TableCell>
                                    <TableCell>{r.applNo}</TableCell>
                                    <TableCell>{r.completedAt}</TableCell>
                                    <TableCell>{r.current}</TableCell>
                                    <TableCell>{r.problem ? <Alert severity="error">{r.problem}</Alert> : r.new}</TableCell>
                                </TableRow>
                            ))}
                        </TableBody>
                    </Table>
                </Box>
            )}
        </Box>
    );
};

/** Shared state of the rule pages: the round, its rule, the check. */
export const useRuleCheck = () => {
    const dataProvider = useDataProvider<RoundsDataProvider>();
    const { rounds, failed } = useRounds();
    const [params] = useSearchParams();
    // ?round= (the link on the round's page) picks the round; else the first.
    const [picked, setPicked] = useState(params.get('round') ?? '');
    const roundId = picked || rounds?.[0]?.id || '';
    const { data: round } = useGetOne<RoundRecord>('recruit-parts', { id: roundId }, { enabled: !!roundId, retry: false });
    // The rule as typed for this round; until then, the round's own.
    const [typed, setTyped] = useState<{ roundId: string; rule: string } | null>(null);
    const rule = typed?.roundId === roundId ? typed.rule : (round?.applIdRule ?? '');
    const setRule = (value: string) => setTyped({ roundId, rule: value });
    const checking = useMutation({ mutationFn: (v: { roundId: string; rule: string }) => dataProvider.checkApplIdRule(v.roundId, v.rule) });
    const setRoundId = (id: string) => {
        setPicked(id);
        setTyped(null);
        checking.reset();
    };
    const check = () => checking.mutateAsync({ roundId, rule }).catch(() => undefined);
    return {
        rounds,
        failed,
        roundId,
        setRoundId,
        rule,
        setRule,
        result: checking.data ?? null,
        error: checking.error ? ruleError(checking.error) : null,
        busy: checking.isPending,
        check,
    };
};

export const RuleField = ({ rule, setRule, error }: { rule: string; setRule: (v: string) => void; error: string | null }) => {
    const translate = useTranslate();
    return (
        <TextField
            label={translate('resources.recruit-parts.fields.applIdRule')}
            value={rule}
            onChange={e => setRule(e.target.value)}
            error={!!error}
            helperText={error ?? translate('resources.recruit-parts.hints.applIdRule')}
            fullWidth
            sx={{ my: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'rule-input', spellCheck: false } }}
        />
    );
};

/** applId/check: enter or edit a rule and see the numbers it would give. */
export const ApplIdCheck = () => {
    const translate = useTranslate();
    const s = useRuleCheck();
    return (
        <Box sx={{ mt: 2 }} data-testid="appl-id-check">
            <Title title={translate('app.pages.applIdCheck')} />
            <Card>
                <CardContent>
                    <PageHeading title="app.pages.applIdCheck" variant="page" />
                    <Typography variant="body2" color="text.secondary">
                        {translate('app.appl_id_check.intro')}
                    </Typography>
                    {s.failed && <Alert severity="error">{translate('app.info_inquiry.load_failed')}</Alert>}
                    {!s.rounds && !s.failed && <CircularProgress aria-label={translate('ra.page.loading')} />}
                    {s.rounds && s.rounds.length === 0 && <Alert severity="info">{translate('app.info_inquiry.none')}</Alert>}
                    {s.rounds && s.rounds.length > 0 && (
                        <>
                            <RoundPicker rounds={s.rounds} value={s.roundId} onChange={s.setRoundId} />
                            <RuleField rule={s.rule} setRule={s.setRule} error={s.error} />
                            <Stack direction="row" spacing={1}>
                                <Button variant="contained" onClick={() => void s.check()} disabled={s.busy || !s.roundId} data-testid="rule-check">
                                    {translate('app.appl_id_check.check')}
                                </Button>
                                {/* The rule is saved with the round, where every setting is checked. */}
                                <Button component={RouterLink} to={`/recruit-parts/${encodeURIComponent(s.roundId)}/numbering`} disabled={!s.roundId}>
                                    {translate('app.appl_id_check.edit_round')}
                                </Button>
                            </Stack>
                            {s.result && <RuleResult result={s.result} />}
                        </>
                    )}
                </CardContent>
            </Card>
        </Box>
    );
};

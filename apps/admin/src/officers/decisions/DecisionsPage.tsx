import { useMemo, useState } from 'react';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    Checkbox,
    CircularProgress,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableHead,
    TableRow,
    TextField,
    Typography,
} from '@mui/material';
import { Title, useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PageHeading } from '../../components/PageHeading';
import { SchoolRoundPicker, useRoundChoice } from '../../components/SchoolPicker';
import type { RoundChoice } from '../../components/pickerMethods';
import { errorOf } from '../../apiErrors';
import { formatDateTime } from '../../format';
import { DECISION_KINDS, type DecisionItem, type DecisionKind, type DecisionRecord, type DecisionsDataProvider } from './methods';
import { ReleaseCard } from './ReleaseCard';

/** One line of the table: a completed application, its decision and mean score. */
export interface DecisionRow {
    applNo: number;
    applId: string | null;
    name: string;
    mean: number | null;
    decision: DecisionRecord | null;
}

/**
 * The table's order: highest mean first when the round has scores (those
 * without last), else by application number. Bulk waitlist ranks follow it.
 */
export const orderRows = (rows: DecisionRow[]): DecisionRow[] => {
    const scored = rows.some(r => r.mean !== null);
    return [...rows].sort((a, b) => {
        if (scored && a.mean !== b.mean) {
            if (a.mean === null) return 1;
            if (b.mean === null) return -1;
            return b.mean - a.mean;
        }
        return a.applNo - b.applNo;
    });
};

/** The ranks a bulk waitlist gives: consecutive from first, in the table's order. */
export const consecutiveRanks = (rows: DecisionRow[], first: number): DecisionItem[] =>
    rows.map((r, i) => ({ applNo: r.applNo, decision: 'waitlist', rank: first + i }));

/** Where a bulk error lands: items[i].x names the i-th item sent. */
const bulkFieldErrors = (fields: Record<string, string>, items: DecisionItem[]): Record<number, string> => {
    const out: Record<number, string> = {};
    for (const [name, text] of Object.entries(fields)) {
        const m = /^items\[(\d+)\]/.exec(name);
        const item = m ? items[Number(m[1])] : undefined;
        if (item) out[item.applNo] = text;
    }
    return out;
};

/** decision: a round's decisions, set one by one and in bulk, and the release. */
export const DecisionsPage = () => {
    const translate = useTranslate();
    const choice = useRoundChoice();
    return (
        <Box sx={{ mt: 2, display: 'grid', gap: 2 }} data-testid="decisions-page">
            <Title title={translate('app.pages.decision')} />
            <Card>
                <CardContent>
                    <PageHeading title="app.pages.decision" variant="page" />
                    <Typography variant="body2" color="text.secondary">
                        {translate('officers.decisions.intro')}
                    </Typography>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
                        <SchoolRoundPicker choice={choice} testid="decision" />
                    </Stack>
                    {!choice.loading && !choice.round && (
                        <Typography variant="body2" sx={{ mt: 2 }}>
                            {translate('officers.choose_round')}
                        </Typography>
                    )}
                </CardContent>
            </Card>
            {choice.round && <RoundDecisions key={choice.round.id} round={choice.round} />}
        </Box>
    );
};

const RoundDecisions = ({ round }: { round: RoundChoice }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<DecisionsDataProvider>();
    const progress = useQuery({
        queryKey: ['decision', 'release', round.id],
        queryFn: () => dataProvider.getReleaseProgress(round.id),
        retry: false,
        // While the result mails go out, the count is read again every few seconds.
        refetchInterval: q => (q.state.data?.released && q.state.data.mailed < q.state.data.total ? 3000 : false),
    });
    const apps = useQuery({
        queryKey: ['decision', 'apps', round.id],
        queryFn: () => dataProvider.getCompleteApplications(round),
        retry: false,
    });
    const decisions = useQuery({
        queryKey: ['decision', 'list', round.id],
        queryFn: () => dataProvider.getRoundDecisions(round.id),
        retry: false,
    });
    const means = useQuery({
        queryKey: ['decision', 'means', round.id],
        queryFn: () => dataProvider.getMeanScores(round.id),
        retry: false,
    });
    const rows = useMemo(() => {
        const byNo = new Map((decisions.data ?? []).map(d => [d.applNo, d]));
        return orderRows(
            (apps.data ?? []).map(a => ({
                applNo: a.applNo,
                applId: a.applId,
                name: a.applicantName,
                mean: means.data?.[a.applNo] ?? null,
                decision: byNo.get(a.applNo) ?? null,
            })),
        );
    }, [apps.data, decisions.data, means.data]);
    const failed = progress.error ?? apps.error ?? decisions.error;
    const loading = progress.isPending || apps.isPending || decisions.isPending || means.isPending;
    return (
        <>
            <Card component="section" aria-labelledby="decisions-title">
                <CardContent>
                    <Typography id="decisions-title" component="h2" variant="h6" gutterBottom>
                        {translate('officers.decisions.title')}
                    </Typography>
                    {failed && <Alert severity="error">{translate('officers.decisions.load_failed', { message: failed.message })}</Alert>}
                    {!failed && loading && <CircularProgress aria-label={translate('ra.page.loading')} />}
                    {!failed && !loading && progress.data && (
                        <DecisionTable roundId={round.id} rows={rows} released={progress.data.released} releaseAt={progress.data.release?.at ?? null} />
                    )}
                </CardContent>
            </Card>
            {progress.data && <ReleaseCard roundId={round.id} progress={progress.data} />}
        </>
    );
};

const DecisionTable = ({ roundId, rows, released, releaseAt }: { roundId: string; rows: DecisionRow[]; released: boolean; releaseAt: string | null }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<DecisionsDataProvider>();
    const [selected, setSelected] = useState<number[]>([]);
    const [drafts, setDrafts] = useState<Record<number, { decision: DecisionKind | ''; rank: string }>>({});
    const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
    const [bulkError, setBulkError] = useState('');
    const [waitlistOpen, setWaitlistOpen] = useState(false);
    const [busy, setBusy] = useState(false);
    const scored = rows.some(r => r.mean !== null);
    const reload = () => queryClient.invalidateQueries({ queryKey: ['decision'] });
    const kindName = (k: DecisionKind) => translate(`officers.decisions.kind.${k}`);
    const draftOf = (r: DecisionRow) => drafts[r.applNo] ?? { decision: r.decision?.decision ?? '', rank: r.decision?.rank ? String(r.decision.rank) : '' };
    const setDraft = (applNo: number, d: { decision: DecisionKind | ''; rank: string }) => setDrafts(x => ({ ...x, [applNo]: d }));

    const saveOne = async (r: DecisionRow) => {
        const d = draftOf(r);
        if (!d.decision) return;
        setBusy(true);
        try {
            await dataProvider.decideOne(r.applNo, { decision: d.decision, rank: d.decision === 'waitlist' ? Number(d.rank) || 0 : 0 });
            setRowErrors(x => ({ ...x, [r.applNo]: '' }));
            setDrafts(x => {
                const { [r.applNo]: _, ...rest } = x;
                return rest;
            });
            notify('officers.decisions.saved', { type: 'info' });
            await reload();
        } catch (e) {
            const { message, fields } = errorOf(e);
            setRowErrors(x => ({ ...x, [r.applNo]: fields.rank ?? fields.decision ?? message }));
        } finally {
            setBusy(false);
        }
    };

    const decideMany = async (items: DecisionItem[]) => {
        setBusy(true);
        setBulkError('');
        try {
            const { count } = await dataProvider.decideMany(roundId, items);
            setSelected([]);
            setRowErrors({});
            setDrafts(x => Object.fromEntries(Object.entries(x).filter(([n]) => !items.some(it => it.applNo === Number(n)))));
            notify('officers.decisions.bulk_done', { type: 'info', messageArgs: { count } });
            await reload();
            return true;
        } catch (e) {
            const { message, fields } = errorOf(e);
            setRowErrors(bulkFieldErrors(fields, items));
            setBulkError(message);
            return false;
        } finally {
            setBusy(false);
        }
    };

    const chosen = rows.filter(r => selected.includes(r.applNo));
    const bulk = (kind: 'admit' | 'reject') => decideMany(chosen.map(r => ({ applNo: r.applNo, decision: kind, rank: 0 })));
    const nextRank = 1 + Math.max(0, ...rows.filter(r => !selected.includes(r.applNo) && r.decision?.decision === 'waitlist').map(r => r.decision?.rank ?? 0));

    if (rows.length === 0) return <Typography variant="body2">{translate('officers.decisions.none')}</Typography>;
    return (
        <>
            {released ? (
                <Alert severity="info" sx={{ mb: 2 }} data-testid="decisions-locked">
                    {translate('officers.decisions.locked', { at: formatDateTime(releaseAt) })}
                </Alert>
            ) : (
                <Typography variant="body2" sx={{ mb: 1 }} data-testid="decisions-schedule">
                    {releaseAt ? translate('officers.decisions.scheduled', { at: formatDateTime(releaseAt) }) : translate('officers.decisions.unscheduled')}
                </Typography>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate(scored ? 'officers.decisions.order_mean' : 'officers.decisions.order_no')}
            </Typography>
            {!released && (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }} data-testid="bulk-bar">
                    <Typography variant="body2" sx={{ mr: 1 }} data-testid="bulk-count">
                        {translate('officers.decisions.selected', { count: selected.length })}
                    </Typography>
                    <Button size="small" variant="outlined" disabled={busy || chosen.length === 0} onClick={() => bulk('admit')} data-testid="bulk-admit">
                        {translate('officers.decisions.bulk_admit')}
                    </Button>
                    <Button size="small" variant="outlined" disabled={busy || chosen.length === 0} onClick={() => setWaitlistOpen(true)} data-testid="bulk-waitlist">
                        {translate('officers.decisions.bulk_waitlist')}
                    </Button>
                    <Button size="small" variant="outlined" disabled={busy || chosen.length === 0} onClick={() => bulk('reject')} data-testid="bulk-reject">
                        {translate('officers.decisions.bulk_reject')}
                    </Button>
                </Stack>
            )}
            {bulkError && (
                <Alert severity="error" sx={{ mb: 1 }} data-testid="bulk-error">
                    {bulkError}
                </Alert>
            )}
            <TableContainer>
                <Table size="small" data-testid="decisions-table">
                    <TableHead>
                        <TableRow>
                            {!released && (
                                <TableCell padding="checkbox">
                                    <Checkbox
                                        checked={selected.length === rows.length}
                                        indeterminate={selected.length > 0 && selected.length < rows.length}
                                        onChange={e => setSelected(e.target.checked ? rows.map(r => r.applNo) : [])}
                                        slotProps={{ input: { 'aria-label': translate('officers.decisions.select_all') } }}
                                    />
                                </TableCell>
                            )}
                            <TableCell>{translate('officers.decisions.col.exam_no')}</TableCell>
                            <TableCell>{translate('officers.decisions.col.name')}</TableCell>
                            {scored && <TableCell align="right">{translate('officers.decisions.col.mean')}</TableCell>}
                            <TableCell>{translate('officers.decisions.col.decision')}</TableCell>
                            {!released && <TableCell>{translate('officers.decisions.col.change')}</TableCell>}
                        </TableRow>
                    </TableHead>
                    <TableBody>
                        {rows.map(r => {
                            const d = draftOf(r);
                            const error = rowErrors[r.applNo];
                            return (
                                <TableRow key={r.applNo} data-testid={`decision-row-${r.applNo}`} data-decision={r.decision?.decision ?? ''}>
                                    {!released && (
                                        <TableCell padding="checkbox">
                                            <Checkbox
                                                checked={selected.includes(r.applNo)}
                                                onChange={e => setSelected(x => (e.target.checked ? [...x, r.applNo] : x.filter(n => n !== r.applNo)))}
                                                slotProps={{ input: { 'aria-label': translate('officers.decisions.select_row', { name: r.name }) } }}
                                                data-testid={`decision-select-${r.applNo}`}
                                            />
                                        </TableCell>
                                    )}
                                    <TableCell>{r.applId || translate('officers.decisions.no_exam_no')}</TableCell>
                                    <TableCell>{r.name}</TableCell>
                                    {scored && <TableCell align="right">{r.mean === null ? translate('officers.decisions.no_score') : r.mean.toFixed(2)}</TableCell>}
                                    <TableCell data-testid={`decision-label-${r.applNo}`}>
                                        {r.decision ? (locale === 'en' ? r.decision.label.en : r.decision.label.ko) : translate('officers.decisions.undecided')}
                                    </TableCell>
                                    {!released && (
                                        <TableCell>
                                            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                                                <TextField
                                                    select
                                                    size="small"
                                                    label={translate('officers.decisions.choose')}
                                                    value={d.decision}
                                                    onChange={e => setDraft(r.applNo, { ...d, decision: e.target.value as DecisionKind })}
                                                    sx={{ minWidth: 150 }}
                                                    slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `decision-kind-${r.applNo}` } }}
                                                >
                                                    <option value="" disabled>
                                                        {translate('officers.decisions.undecided')}
                                                    </option>
                                                    {DECISION_KINDS.map(k => (
                                                        <option key={k} value={k}>
                                                            {kindName(k)}
                                                        </option>
                                                    ))}
                                                </TextField>
                                                {d.decision === 'waitlist' && (
                                                    <TextField
                                                        size="small"
                                                        type="number"
                                                        label={translate('officers.decisions.col.rank')}
                                                        value={d.rank}
                                                        onChange={e => setDraft(r.applNo, { ...d, rank: e.target.value })}
                                                        sx={{ width: 110 }}
                                                        slotProps={{ htmlInput: { min: 1, 'data-testid': `decision-rank-${r.applNo}` } }}
                                                    />
                                                )}
                                                <Button
                                                    size="small"
                                                    variant="contained"
                                                    disabled={busy || !d.decision}
                                                    onClick={() => saveOne(r)}
                                                    data-testid={`decision-save-${r.applNo}`}
                                                >
                                                    {translate('officers.decisions.save')}
                                                </Button>
                                            </Stack>
                                            {error && (
                                                <Typography variant="caption" color="error" role="alert" data-testid={`decision-error-${r.applNo}`}>
                                                    {error}
                                                </Typography>
                                            )}
                                        </TableCell>
                                    )}
                                </TableRow>
                            );
                        })}
                    </TableBody>
                </Table>
            </TableContainer>
            {waitlistOpen && (
                <WaitlistDialog
                    rows={chosen}
                    first={nextRank}
                    busy={busy}
                    onClose={() => setWaitlistOpen(false)}
                    onConfirm={async items => {
                        if (await decideMany(items)) setWaitlistOpen(false);
                    }}
                />
            )}
        </>
    );
};

/** Asks the first waitlist rank and shows the ranks the selection gets before deciding. */
const WaitlistDialog = ({
    rows,
    first,
    busy,
    onClose,
    onConfirm,
}: {
    rows: DecisionRow[];
    first: number;
    busy: boolean;
    onClose: () => void;
    onConfirm: (items: DecisionItem[]) => void;
}) => {
    const translate = useTranslate();
    const [text, setText] = useState(String(first));
    const n = Number(text);
    const valid = Number.isInteger(n) && n >= 1;
    const items = valid ? consecutiveRanks(rows, n) : [];
    return (
        <Dialog open onClose={onClose} aria-labelledby="waitlist-title" data-testid="waitlist-dialog">
            <DialogTitle id="waitlist-title">{translate('officers.decisions.waitlist_title')}</DialogTitle>
            <DialogContent>
                <Typography variant="body2" sx={{ mb: 2 }}>
                    {translate('officers.decisions.waitlist_help')}
                </Typography>
                <TextField
                    size="small"
                    type="number"
                    label={translate('officers.decisions.first_rank')}
                    value={text}
                    onChange={e => setText(e.target.value)}
                    error={!valid}
                    helperText={valid ? ' ' : translate('officers.decisions.rank_invalid')}
                    slotProps={{ htmlInput: { min: 1, 'data-testid': 'waitlist-first' } }}
                />
                <Box component="ul" sx={{ pl: 3, mb: 0 }} data-testid="waitlist-preview">
                    {items.map((it, i) => (
                        <li key={it.applNo}>
                            <Typography variant="body2">{translate('officers.decisions.rank_item', { name: rows[i].name, rank: it.rank })}</Typography>
                        </li>
                    ))}
                </Box>
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{translate('officers.decisions.cancel')}</Button>
                <Button variant="contained" disabled={busy || !valid} onClick={() => onConfirm(items)} data-testid="waitlist-confirm">
                    {translate('officers.decisions.confirm')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};

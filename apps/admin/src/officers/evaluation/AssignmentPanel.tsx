import { useState } from 'react';
import CancelIcon from '@mui/icons-material/Cancel';
import {
    Alert,
    Box,
    Button,
    Checkbox,
    Chip,
    CircularProgress,
    FormControlLabel,
    FormGroup,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    TextField,
    Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoundChoice } from '../../components/pickerMethods';
import { errorOf } from '../../apiErrors';
import type { EvaluationDataProvider, Review } from './methods';
import { useCompleteApplications, useReviewers, useScores } from './useRoundData';

const BY_NUMBER = { field: 'applNo', order: 'ASC' } as const;

/**
 * Who reviews what: the round's complete applications with their reviewers;
 * one reviewer added by hand (chosen by name), or every application given
 * its number of reviewers at once ("assign evenly"); a reviewer withdrawn
 * while its sheet is not submitted.
 */
export const AssignmentPanel = ({ round }: { round: RoundChoice }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const dataProvider = useDataProvider<EvaluationDataProvider>();
    const queryClient = useQueryClient();
    const apps = useCompleteApplications(round);
    const reviewers = useReviewers(round.id);
    const scores = useScores(round.id, BY_NUMBER);
    const [picked, setPicked] = useState<Record<number, string>>({});
    const [even, setEven] = useState<string[] | null>(null);
    const [perApplication, setPerApplication] = useState('');
    const [fields, setFields] = useState<Record<string, string>>({});
    const t = (k: string, o?: object) => translate(`app.evaluation.assign.${k}`, o);

    const reviewsOf = new Map<number, Review[]>((scores.data ?? []).map(r => [r.applNo, r.reviews]));
    const names = (reviewers.data ?? []).map(r => r.userId);
    const chosen = even ?? names;
    const per = perApplication === '' ? Math.min(2, chosen.length) : Number(perApplication);

    const done = (n: number) => {
        setFields({});
        notify(t('added', { smart_count: n }), { type: 'info' });
        return queryClient.invalidateQueries({ queryKey: ['evaluation', round.id] });
    };
    const failed = (e: unknown) => {
        const { message, fields } = errorOf(e);
        setFields(fields);
        notify(message, { type: 'error' });
    };
    const assign = useMutation({
        mutationFn: ({ applNo, reviewer }: { applNo: number; reviewer: string }) => dataProvider.assignEval(round.id, [applNo], [reviewer]),
        onSuccess: r => done(r.added),
        onError: failed,
    });
    const assignEvenly = useMutation({
        mutationFn: () => dataProvider.assignEvalEvenly(round.id, chosen, per),
        onSuccess: r => done(r.added),
        onError: failed,
    });
    const unassign = useMutation({
        mutationFn: ({ applNo, reviewer }: { applNo: number; reviewer: string }) => dataProvider.delete(`assignments/${applNo}`, { id: reviewer }),
        onSuccess: () => {
            notify(t('removed'), { type: 'info' });
            return queryClient.invalidateQueries({ queryKey: ['evaluation', round.id] });
        },
        onError: failed,
    });
    const busy = assign.isPending || assignEvenly.isPending || unassign.isPending;

    if (apps.isError || reviewers.isError || scores.isError) return <Alert severity="error">{translate('app.evaluation.load_failed')}</Alert>;
    if (apps.isPending || reviewers.isPending || scores.isPending) return <CircularProgress aria-label={translate('ra.page.loading')} />;
    return (
        <Box data-testid="eval-assign">
            <Typography variant="h6" component="h2" gutterBottom>
                {t('even_title')}
            </Typography>
            {names.length === 0 ? (
                <Alert severity="info" sx={{ mb: 2 }}>
                    {t('no_reviewers')}
                </Alert>
            ) : (
                <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { md: 'center' } }}>
                    <FormGroup row aria-label={t('reviewers')} data-testid="even-reviewers">
                        {(reviewers.data ?? []).map(r => (
                            <FormControlLabel
                                key={r.userId}
                                label={r.userId}
                                title={r.email}
                                control={
                                    <Checkbox
                                        checked={chosen.includes(r.userId)}
                                        onChange={e => setEven(e.target.checked ? [...chosen, r.userId] : chosen.filter(x => x !== r.userId))}
                                        slotProps={{ input: { 'data-testid': `even-reviewer-${r.userId}` } as object }}
                                    />
                                }
                            />
                        ))}
                    </FormGroup>
                    <TextField
                        type="number"
                        size="small"
                        label={t('per_application')}
                        value={perApplication === '' ? String(per) : perApplication}
                        onChange={e => setPerApplication(e.target.value)}
                        error={!!fields.perApplication}
                        helperText={fields.perApplication ?? fields.reviewers ?? ' '}
                        slotProps={{ htmlInput: { min: 1, max: chosen.length, 'data-testid': 'even-per' } }}
                        sx={{ width: 200 }}
                    />
                    <Button variant="contained" disabled={busy || chosen.length === 0} onClick={() => assignEvenly.mutate()} data-testid="even-assign">
                        {t('even')}
                    </Button>
                </Stack>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('even_hint')}
            </Typography>
            <Typography variant="h6" component="h2" gutterBottom sx={{ mt: 2 }}>
                {t('by_hand_title')}
            </Typography>
            {apps.data.length === 0 ? (
                <Alert severity="info">{t('no_applications')}</Alert>
            ) : (
                <Box sx={{ overflowX: 'auto' }}>
                    <Table size="small" aria-label={t('by_hand_title')}>
                        <TableHead>
                            <TableRow>
                                <TableCell>{translate('app.evaluation.exam_number')}</TableCell>
                                <TableCell>{translate('app.evaluation.applicant')}</TableCell>
                                <TableCell>{t('assigned')}</TableCell>
                                <TableCell>{t('add')}</TableCell>
                            </TableRow>
                        </TableHead>
                        <TableBody>
                            {apps.data.map(a => {
                                const reviews = reviewsOf.get(a.applNo) ?? [];
                                const free = names.filter(n => !reviews.some(v => v.reviewer === n));
                                const choice = free.includes(picked[a.applNo] ?? '') ? picked[a.applNo] : (free[0] ?? '');
                                return (
                                    <TableRow key={a.applNo} data-testid={`assign-row-${a.applNo}`}>
                                        <TableCell>{a.applId}</TableCell>
                                        <TableCell>{a.applicantName}</TableCell>
                                        <TableCell>
                                            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                                                {reviews.length === 0 && (
                                                    <Typography variant="body2" color="text.secondary">
                                                        {t('none')}
                                                    </Typography>
                                                )}
                                                {reviews.map(v => (
                                                    <Chip
                                                        key={v.reviewer}
                                                        size="small"
                                                        color={v.submitted ? 'success' : 'default'}
                                                        label={v.submitted ? `${v.reviewer} · ${translate('app.evaluation.submitted')}` : v.reviewer}
                                                        data-testid={`assigned-${a.applNo}-${v.reviewer}`}
                                                        onDelete={v.submitted || busy ? undefined : () => unassign.mutate({ applNo: a.applNo, reviewer: v.reviewer })}
                                                        deleteIcon={<CancelIcon titleAccess={t('remove', { name: v.reviewer })} data-testid={`unassign-${a.applNo}-${v.reviewer}`} />}
                                                    />
                                                ))}
                                            </Stack>
                                        </TableCell>
                                        <TableCell>
                                            {free.length > 0 && (
                                                <Stack direction="row" spacing={1}>
                                                    <TextField
                                                        select
                                                        size="small"
                                                        label={t('reviewer')}
                                                        value={choice}
                                                        onChange={e => setPicked({ ...picked, [a.applNo]: e.target.value })}
                                                        slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `assign-pick-${a.applNo}` } }}
                                                        sx={{ minWidth: 180 }}
                                                    >
                                                        {free.map(n => (
                                                            <option key={n} value={n}>
                                                                {n}
                                                            </option>
                                                        ))}
                                                    </TextField>
                                                    <Button
                                                        size="small"
                                                        variant="outlined"
                                                        disabled={busy || !choice}
                                                        onClick={() => assign.mutate({ applNo: a.applNo, reviewer: choice })}
                                                        data-testid={`assign-${a.applNo}`}
                                                    >
                                                        {t('add')}
                                                    </Button>
                                                </Stack>
                                            )}
                                        </TableCell>
                                    </TableRow>
                                );
                            })}
                        </TableBody>
                    </Table>
                </Box>
            )}
        </Box>
    );
};

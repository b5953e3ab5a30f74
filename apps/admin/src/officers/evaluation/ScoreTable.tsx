import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, TableSortLabel, Typography } from '@mui/material';
import { useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { notSubmitted, reviewerColumns, scoreText } from './logic';
import type { EvaluationDataProvider, ScoreSort, Sorting } from './methods';
import { useScores } from './useRoundData';

const COLUMNS: { field: ScoreSort; label: string; numeric?: boolean }[] = [
    { field: 'applId', label: 'app.evaluation.exam_number' },
    { field: 'applicantName', label: 'app.evaluation.applicant' },
];
const TAIL: { field: ScoreSort; label: string }[] = [
    { field: 'submitted', label: 'app.evaluation.scores.submitted' },
    { field: 'mean', label: 'app.evaluation.scores.mean' },
    { field: 'spread', label: 'app.evaluation.scores.spread' },
];

/**
 * The score table of a round: per application each reviewer's total (or
 * "not submitted"), the mean and the spread (max − min) of the submitted
 * totals, sorted by the server; downloaded as sorted.
 */
export const ScoreTable = ({ roundId }: { roundId: string }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const notify = useNotify();
    const dataProvider = useDataProvider<EvaluationDataProvider>();
    const [sort, setSort] = useState<Sorting>({ field: 'mean', order: 'DESC' });
    const { data, isPending, isError } = useScores(roundId, sort);
    const exporting = useMutation({
        mutationFn: (format: 'xlsx' | 'csv') => dataProvider.exportEvalScores(roundId, format, sort, () => undefined),
        onSuccess: name => notify(translate('app.evaluation.scores.exported', { name }), { type: 'info' }),
        onError: e => notify(e.message || 'ra.notification.http_error', { type: 'error' }),
    });
    const t = (k: string, o?: object) => translate(`app.evaluation.scores.${k}`, o);
    const head = (c: { field: ScoreSort; label: string }, align?: 'right') => (
        <TableCell key={c.field} align={align} sortDirection={sort.field === c.field ? (sort.order === 'ASC' ? 'asc' : 'desc') : false}>
            <TableSortLabel
                active={sort.field === c.field}
                direction={sort.field === c.field && sort.order === 'ASC' ? 'asc' : 'desc'}
                onClick={() => setSort({ field: c.field, order: sort.field === c.field && sort.order === 'DESC' ? 'ASC' : 'DESC' })}
                data-testid={`sort-${c.field}`}
            >
                {translate(c.label)}
            </TableSortLabel>
        </TableCell>
    );
    if (isError) return <Alert severity="error">{translate('app.evaluation.load_failed')}</Alert>;
    if (isPending) return <CircularProgress aria-label={translate('ra.page.loading')} />;
    const reviewers = reviewerColumns(data);
    return (
        <Box data-testid="eval-scores">
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
                <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                    {t('intro')}
                </Typography>
                <Button variant="outlined" disabled={exporting.isPending || data.length === 0} onClick={() => exporting.mutate('xlsx')} data-testid="scores-export-xlsx">
                    {t('export_xlsx')}
                </Button>
                <Button variant="outlined" disabled={exporting.isPending || data.length === 0} onClick={() => exporting.mutate('csv')} data-testid="scores-export-csv">
                    {t('export_csv')}
                </Button>
            </Stack>
            {data.length === 0 ? (
                <Alert severity="info">{t('empty')}</Alert>
            ) : (
                <Box sx={{ overflowX: 'auto' }}>
                    <Table size="small" aria-label={translate('app.evaluation.tabs.scores')}>
                        <TableHead>
                            <TableRow>
                                {COLUMNS.map(c => head(c))}
                                {reviewers.map(r => (
                                    <TableCell key={r} align="right">
                                        {r}
                                    </TableCell>
                                ))}
                                {TAIL.map(c => head(c, 'right'))}
                                <TableCell>{t('missing')}</TableCell>
                            </TableRow>
                        </TableHead>
                        <TableBody>
                            {data.map(row => (
                                <TableRow key={row.applNo} data-testid={`score-row-${row.applNo}`}>
                                    <TableCell>
                                        <Link to={`/applications/${row.applNo}/show`}>{row.applId}</Link>
                                    </TableCell>
                                    <TableCell>{row.applicantName}</TableCell>
                                    {reviewers.map(r => {
                                        const v = row.reviews.find(x => x.reviewer === r);
                                        return (
                                            <TableCell key={r} align="right" data-testid={`score-${row.applNo}-${r}`}>
                                                {!v ? '' : v.submitted ? scoreText(v.total, locale) : t('not_submitted')}
                                            </TableCell>
                                        );
                                    })}
                                    <TableCell align="right">{`${row.submitted} / ${row.reviews.length}`}</TableCell>
                                    <TableCell align="right" data-testid={`score-mean-${row.applNo}`}>
                                        {scoreText(row.mean, locale)}
                                    </TableCell>
                                    <TableCell align="right" data-testid={`score-spread-${row.applNo}`}>
                                        {scoreText(row.spread, locale)}
                                    </TableCell>
                                    <TableCell data-testid={`score-missing-${row.applNo}`}>{notSubmitted(row).join(', ')}</TableCell>
                                </TableRow>
                            ))}
                        </TableBody>
                    </Table>
                </Box>
            )}
        </Box>
    );
};

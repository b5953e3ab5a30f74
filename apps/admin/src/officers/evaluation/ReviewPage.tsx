import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Table, TableBody, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { Confirm, Title, useDataProvider, useGetIdentity, useLocale, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageHeading } from '../../components/PageHeading';
import { errorOf } from '../../apiErrors';
import { ApplicationSummary } from './ApplicationSummary';
import { ReaderSectionCard } from '../../components/ReaderSections';
import { scoreProblem, scoresToSend, scoreText, sheetTotal } from './logic';
import type { Criterion, EvaluationDataProvider, Sheet } from './methods';
import { StateChip, useMyReviews, useRoundName } from './MyReviews';

const MAX_COMMENT = 4000;

/** The scores of a sheet, one line per criterion, with the total. */
const SheetView = ({ sheet, criteria, testid }: { sheet: Sheet; criteria: Criterion[]; testid: string }) => {
    const translate = useTranslate();
    const locale = useLocale();
    return (
        <Box sx={{ mb: 2 }} data-testid={testid}>
            <Typography variant="subtitle1" component="h3">
                {`${sheet.reviewer} · ${translate('app.evaluation.review.total')} ${scoreText(sheet.total, locale)}`}
            </Typography>
            <Table size="small" aria-label={sheet.reviewer}>
                <TableBody>
                    {criteria.map(c => (
                        <TableRow key={c.key}>
                            <TableCell>{locale === 'en' ? c.nameEn : c.nameKo}</TableCell>
                            <TableCell align="right">{sheet.scores[c.key] ?? '–'}</TableCell>
                        </TableRow>
                    ))}
                </TableBody>
            </Table>
            {sheet.comment && (
                <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                    {sheet.comment}
                </Typography>
            )}
        </Box>
    );
};

/** The sheet being filled in: a number per criterion within its range, a comment; saved as a draft or submitted. */
const SheetForm = ({ applNo, criteria, own }: { applNo: number; criteria: Criterion[]; own: Sheet }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const notify = useNotify();
    const dataProvider = useDataProvider<EvaluationDataProvider>();
    const queryClient = useQueryClient();
    const [typed, setTyped] = useState<Record<string, string>>(() =>
        Object.fromEntries(criteria.map(c => [c.key, own.scores[c.key] === undefined ? '' : String(own.scores[c.key])])),
    );
    const [comment, setComment] = useState(own.comment);
    const [fields, setFields] = useState<Record<string, string>>({});
    const [confirming, setConfirming] = useState(false);
    const t = (k: string, o?: object) => translate(`app.evaluation.review.${k}`, o);
    const problems = Object.fromEntries(criteria.map(c => [c.key, scoreProblem(c, typed[c.key] ?? '')]));
    const invalid = Object.values(problems).some(Boolean) || comment.length > MAX_COMMENT;
    const total = sheetTotal(criteria, scoresToSend(typed));
    const refresh = () => queryClient.invalidateQueries({ queryKey: ['evaluation'] });
    const failed = (e: unknown) => {
        const { message, fields } = errorOf(e);
        setFields(fields);
        notify(message, { type: 'error' });
    };
    const save = useMutation({
        mutationFn: () => dataProvider.saveReviewSheet(applNo, scoresToSend(typed), comment),
        onSuccess: () => {
            setFields({});
            notify(t('saved'), { type: 'info' });
            return refresh();
        },
        onError: failed,
    });
    const submit = useMutation({
        mutationFn: async () => {
            await dataProvider.saveReviewSheet(applNo, scoresToSend(typed), comment);
            return dataProvider.submitReviewSheet(applNo);
        },
        onSuccess: () => {
            setFields({});
            notify(t('submitted_note'), { type: 'success' });
            return refresh();
        },
        onError: failed,
        onSettled: () => setConfirming(false),
    });
    const busy = save.isPending || submit.isPending;
    return (
        <Box data-testid="sheet-form">
            {criteria.map(c => {
                const problem = problems[c.key];
                const server = fields[`scores.${c.key}`];
                return (
                    <TextField
                        key={c.key}
                        type="number"
                        variant="outlined"
                        label={locale === 'en' ? c.nameEn : c.nameKo}
                        value={typed[c.key] ?? ''}
                        onChange={e => setTyped({ ...typed, [c.key]: e.target.value })}
                        error={!!problem || !!server}
                        helperText={problem ? t(problem === 'range' ? 'out_of_range' : 'whole', { min: c.min, max: c.max }) : (server ?? t('range', { min: c.min, max: c.max, weight: c.weight }))}
                        slotProps={{ htmlInput: { min: c.min, max: c.max, step: 1, 'data-testid': `score-input-${c.key}` } }}
                        sx={{ mr: 2, mb: 2, width: 240 }}
                    />
                );
            })}
            <TextField
                label={t('comment')}
                variant="outlined"
                value={comment}
                onChange={e => setComment(e.target.value)}
                multiline
                minRows={3}
                fullWidth
                error={comment.length > MAX_COMMENT || !!fields.comment}
                helperText={fields.comment ?? `${comment.length} / ${MAX_COMMENT}`}
                slotProps={{ htmlInput: { 'data-testid': 'score-comment' } }}
            />
            <Typography sx={{ my: 2 }} data-testid="sheet-total">
                {`${t('total')} ${scoreText(total, locale)}`}
            </Typography>
            <Stack direction="row" spacing={2}>
                <Button variant="outlined" disabled={busy || invalid} onClick={() => save.mutate()} data-testid="sheet-save">
                    {t('save')}
                </Button>
                <Button variant="contained" disabled={busy || invalid || total === null} onClick={() => setConfirming(true)} data-testid="sheet-submit">
                    {t('submit')}
                </Button>
            </Stack>
            {total === null && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {t('score_all')}
                </Typography>
            )}
            <Confirm
                isOpen={confirming}
                loading={submit.isPending}
                title={t('confirm_title')}
                content={t('confirm_body', { total: scoreText(total, locale) })}
                confirm={t('submit')}
                onConfirm={() => submit.mutate()}
                onClose={() => setConfirming(false)}
            />
        </Box>
    );
};

/**
 * evaluation/mine/{applNo}: one assigned application: what the applicant
 * wrote, the sheet by the round's rubric, and, once the reviewer's own is
 * submitted, the other reviewers' submitted sheets.
 */
export const ReviewPage = () => {
    const translate = useTranslate();
    const { applNo: raw = '' } = useParams();
    const applNo = Number(raw);
    const dataProvider = useDataProvider<EvaluationDataProvider>();
    const locale = useLocale();
    const { identity } = useGetIdentity();
    const mine = useMyReviews();
    const roundName = useRoundName();
    const assignment = mine.data?.find(a => a.applNo === applNo);
    const roundId = assignment?.roundId ?? '';
    const rubric = useQuery({
        queryKey: ['evaluation', 'review', roundId, 'rubric'],
        queryFn: async () => {
            try {
                return await dataProvider.getReviewRubric(roundId);
            } catch (e) {
                if ((e as { status?: number }).status === 404) return null;
                throw e;
            }
        },
        enabled: !!roundId,
        retry: false,
    });
    const app = useQuery({
        queryKey: ['evaluation', 'review', applNo, 'application'],
        queryFn: () => dataProvider.getReviewApplication(applNo),
        enabled: !!assignment,
        retry: false,
    });
    // The whole application, step by step, as the back office's reader shows it.
    const reader = useQuery({
        // the server answers in the staff's language: read again when it changes
        queryKey: ['evaluation', 'review', applNo, 'reader', locale],
        queryFn: () => dataProvider.getReviewReader(applNo),
        enabled: !!assignment,
        retry: false,
    });
    const offer = useQuery({
        queryKey: ['evaluation', 'review', roundId, 'offer'],
        queryFn: () => dataProvider.getRoundOffer(assignment!),
        enabled: !!assignment,
        retry: false,
        staleTime: 5 * 60_000,
    });
    const sheets = useQuery({
        queryKey: ['evaluation', 'review', applNo, 'sheets'],
        queryFn: () => dataProvider.getReviewSheets(applNo),
        enabled: !!assignment,
        retry: false,
    });
    const me = identity?.id as string | undefined;
    const own = sheets.data?.find(s => s.reviewer === me);
    const others = (sheets.data ?? []).filter(s => s.reviewer !== me && s.submitted);
    const criteria = rubric.data?.criteria ?? [];
    const t = (k: string, o?: object) => translate(`app.evaluation.review.${k}`, o);
    const failed = mine.isError || rubric.isError || app.isError || sheets.isError;
    return (
        <Box sx={{ mt: 2 }} data-testid="review-page">
            <Title title={translate('app.evaluation.review.title')} />
            <Button component={Link} to="/evaluation/mine" size="small" sx={{ mb: 1 }}>
                {translate('app.evaluation.review.back')}
            </Button>
            <Card sx={{ mb: 2 }}>
                <CardContent>
                    <PageHeading variant="page">
                        {assignment ? `${t('title')} · ${assignment.applicantName}` : t('title')}
                    </PageHeading>
                    {mine.data && !assignment && <Alert severity="warning">{t('not_assigned')}</Alert>}
                    {failed && <Alert severity="error">{translate('app.evaluation.load_failed')}</Alert>}
                    {assignment && (
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                            <Typography variant="body2" color="text.secondary">
                                {roundName(assignment)}
                            </Typography>
                            <StateChip submitted={assignment.submitted} />
                        </Stack>
                    )}
                    {app.data ? <ApplicationSummary app={app.data} offer={offer.data} /> : assignment && !failed && <CircularProgress aria-label={translate('ra.page.loading')} />}
                </CardContent>
            </Card>
            {reader.data && (
                <Box data-testid="review-reader">
                    {reader.data.sections.map(s => <ReaderSectionCard key={s.key} section={s} />)}
                </Box>
            )}
            {assignment && (
                <Card sx={{ mb: 2 }}>
                    <CardContent>
                        <Typography variant="h6" component="h2" gutterBottom>
                            {t('sheet')}
                        </Typography>
                        {rubric.data === null && <Alert severity="info">{t('no_rubric')}</Alert>}
                        {rubric.data && own && !own.submitted && <SheetForm key={applNo} applNo={applNo} criteria={criteria} own={own} />}
                        {rubric.data && own?.submitted && (
                            <>
                                <Alert severity="success" sx={{ mb: 2 }}>
                                    {t('submitted_at', { at: own.submittedAt ? new Date(own.submittedAt).toLocaleString() : '' })}
                                </Alert>
                                <SheetView sheet={own} criteria={criteria} testid="own-sheet" />
                            </>
                        )}
                    </CardContent>
                </Card>
            )}
            {rubric.data && own?.submitted && (
                <Card>
                    <CardContent>
                        <Typography variant="h6" component="h2" gutterBottom>
                            {t('others')}
                        </Typography>
                        {others.length === 0 ? (
                            <Typography variant="body2" color="text.secondary">
                                {t('others_none')}
                            </Typography>
                        ) : (
                            others.map(s => <SheetView key={s.reviewer} sheet={s} criteria={criteria} testid={`other-sheet-${s.reviewer}`} />)
                        )}
                    </CardContent>
                </Card>
            )}
            {rubric.data && !own?.submitted && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {t('others_after')}
                </Typography>
            )}
        </Box>
    );
};


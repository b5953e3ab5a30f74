import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Title, useDataProvider, useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { PageHeading } from '../../components/PageHeading';
import { roundLabel, useRoundChoice } from '../../components/SchoolPicker';
import type { Assignment, EvaluationDataProvider } from './methods';

/** The calling reviewer's assignments (shared by the list and a review's page). */
export const useMyReviews = () => {
    const dataProvider = useDataProvider<EvaluationDataProvider>();
    return useQuery({ queryKey: ['evaluation', 'mine'], queryFn: () => dataProvider.getMyReviews(), retry: false });
};

/** A round of an assignment by name (its year and number while the names load). */
export const useRoundName = () => {
    const locale = useLocale();
    const { rounds } = useRoundChoice();
    return (a: Pick<Assignment, 'roundId' | 'enterYear' | 'recruitPartSeq'>) => {
        const r = rounds.find(x => x.id === a.roundId);
        return r ? roundLabel(r, locale) : `${a.enterYear} · ${a.recruitPartSeq}`;
    };
};

/** The review state a reviewer reads: draft or submitted. */
export const StateChip = ({ submitted }: { submitted: boolean }) => {
    const translate = useTranslate();
    return (
        <Chip size="small" color={submitted ? 'success' : 'default'} label={translate(submitted ? 'app.evaluation.submitted' : 'app.evaluation.draft')} />
    );
};

/** evaluation/mine: what the calling reviewer is assigned, draft or submitted. */
export const MyReviews = () => {
    const translate = useTranslate();
    const { data, isPending, isError } = useMyReviews();
    const roundName = useRoundName();
    return (
        <Box sx={{ mt: 2 }} data-testid="my-reviews">
            <Title title={translate('app.pages.evaluationMine')} />
            <Card>
                <CardContent>
                    <PageHeading title="app.pages.evaluationMine" variant="page" />
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                        {translate('app.evaluation.mine.intro')}
                    </Typography>
                    {isError && <Alert severity="error">{translate('app.evaluation.load_failed')}</Alert>}
                    {isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
                    {data && data.length === 0 && <Alert severity="info">{translate('app.evaluation.mine.empty')}</Alert>}
                    {data && data.length > 0 && (
                        <Box sx={{ overflowX: 'auto' }}>
                            <Table size="small" aria-label={translate('app.pages.evaluationMine')}>
                                <TableHead>
                                    <TableRow>
                                        <TableCell>{translate('app.evaluation.round')}</TableCell>
                                        <TableCell>{translate('app.evaluation.exam_number')}</TableCell>
                                        <TableCell>{translate('app.evaluation.applicant')}</TableCell>
                                        <TableCell>{translate('app.evaluation.state')}</TableCell>
                                        <TableCell />
                                    </TableRow>
                                </TableHead>
                                <TableBody>
                                    {data.map(a => (
                                        <TableRow key={a.applNo} data-testid={`review-row-${a.applNo}`}>
                                            <TableCell>{roundName(a)}</TableCell>
                                            <TableCell>{a.applId}</TableCell>
                                            <TableCell>{a.applicantName}</TableCell>
                                            <TableCell>
                                                <StateChip submitted={a.submitted} />
                                            </TableCell>
                                            <TableCell align="right">
                                                <Button component={Link} to={`/evaluation/mine/${a.applNo}`} size="small" variant="outlined" data-testid={`review-open-${a.applNo}`}>
                                                    {translate(a.submitted ? 'app.evaluation.mine.view' : 'app.evaluation.mine.score')}
                                                </Button>
                                            </TableCell>
                                        </TableRow>
                                    ))}
                                </TableBody>
                            </Table>
                        </Box>
                    )}
                </CardContent>
            </Card>
        </Box>
    );
};

import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useDataProvider, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { APPL_STATUSES } from './status';
import type { BackofficeDataProvider } from './methods';
import { SchoolRoundPicker, useRoundChoice } from '../components/SchoolPicker';

/**
 * How many applied to a round: applications by status and, for the last 30
 * days, started, completed and paid per day (no personal data).
 */
export const RoundDashboard = () => {
    const translate = useTranslate();
    const choice = useRoundChoice();
    const dataProvider = useDataProvider<BackofficeDataProvider>();
    const picked = choice.round;
    const round = { schoolCode: picked?.schoolCode ?? '', enterYear: String(picked?.enterYear ?? ''), recruitPartSeq: String(picked?.recruitPartSeq ?? '') };
    // The counts shown stay until the next round's arrive, as another round is picked.
    const { data, error } = useQuery({
        queryKey: ['getRoundDashboard', round],
        queryFn: () => dataProvider.getRoundDashboard(round),
        enabled: !!picked,
        placeholderData: keepPreviousData,
        retry: false,
    });
    const statuses = APPL_STATUSES.filter(s => data?.byStatus[s]);
    return (
        <Card component="section" sx={{ gridColumn: { md: '1 / -1' } }} data-testid="round-dashboard">
            <CardContent>
                <Typography component="h2" variant="h6" gutterBottom>{translate('backoffice.dash.title')}</Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
                    <SchoolRoundPicker choice={choice} testid="dash" />
                </Stack>
                {error && <Alert severity="warning">{error.message}</Alert>}
                {!choice.loading && !picked && <Typography variant="body2" color="text.secondary">{translate('backoffice.dash.choose')}</Typography>}
                {data && (
                    <>
                        <Typography variant="body1" sx={{ mb: 1 }} data-testid="dash-total">
                            {translate('backoffice.dash.totals', { total: data.total, reviewing: data.reviewing, paid: data.paid })}
                        </Typography>
                        <Typography variant="body1" sx={{ mb: 1 }} data-testid="dash-letters">
                            {translate('backoffice.dash.letters', { pending: data.lettersPending, completed: data.lettersCompleted })}
                        </Typography>
                        {data.total === 0 ? (
                            <Typography variant="body2">{translate('backoffice.dash.none')}</Typography>
                        ) : (
                            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                                <Box role="figure" aria-label={translate('backoffice.dash.by_status')}>
                                    <Typography variant="subtitle2" component="h3">{translate('backoffice.dash.by_status')}</Typography>
                                    <BarChart height={260} layout="horizontal" margin={{ left: 8 }}
                                        yAxis={[{ scaleType: 'band', data: statuses.map(s => translate(`backoffice.status.${s}`)), width: 110 }]}
                                        xAxis={[{ tickMinStep: 1 }]}
                                        series={[{ data: statuses.map(s => data.byStatus[s]), label: translate('backoffice.dash.count') }]}
                                        hideLegend />
                                </Box>
                                <Box role="figure" aria-label={translate('backoffice.dash.per_day')}>
                                    <Typography variant="subtitle2" component="h3">{translate('backoffice.dash.per_day')}</Typography>
                                    <BarChart height={260}
                                        xAxis={[{ scaleType: 'band', data: data.days.map(d => d.day.slice(5)) }]}
                                        yAxis={[{ tickMinStep: 1 }]}
                                        series={[
                                            { data: data.days.map(d => d.created), label: translate('backoffice.dash.created') },
                                            { data: data.days.map(d => d.completions), label: translate('backoffice.dash.completed') },
                                            { data: data.days.map(d => d.payments), label: translate('backoffice.dash.paid') },
                                        ]} />
                                </Box>
                            </Box>
                        )}
                    </>
                )}
            </CardContent>
        </Card>
    );
};

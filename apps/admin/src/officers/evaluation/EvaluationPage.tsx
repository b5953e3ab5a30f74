import { useState } from 'react';
import { Alert, Box, Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { PageHeading } from '../../components/PageHeading';
import { SchoolRoundPicker, useRoundChoice } from '../../components/SchoolPicker';
import { AssignmentPanel } from './AssignmentPanel';
import { RubricEditor } from './RubricEditor';
import { ScoreTable } from './ScoreTable';

const TABS = ['rubric', 'assign', 'scores'] as const;
type TabName = (typeof TABS)[number];

/**
 * evaluation: a round's evaluation for its school's staff (school admins,
 * system admins): the rubric, who reviews what, and the score table.
 */
export const EvaluationPage = () => {
    const translate = useTranslate();
    const choice = useRoundChoice();
    const [tab, setTab] = useState<TabName>('rubric');
    const round = choice.round;
    return (
        <Box sx={{ mt: 2 }} data-testid="evaluation-page">
            <Title title={translate('app.pages.evaluation')} />
            <Card>
                <CardContent>
                    <PageHeading title="app.pages.evaluation" variant="page" />
                    <Typography variant="body2" color="text.secondary">
                        {translate('app.evaluation.intro')}
                    </Typography>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }}>
                        <SchoolRoundPicker choice={choice} testid="eval" />
                    </Stack>
                    {choice.failed && <Alert severity="error">{translate('app.evaluation.load_failed')}</Alert>}
                    {!choice.loading && !round && <Alert severity="info">{translate('app.picker.no_round')}</Alert>}
                    {round && (
                        <>
                            <Tabs value={tab} onChange={(_, v: TabName) => setTab(v)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }} variant="scrollable">
                                {TABS.map(name => (
                                    <Tab key={name} value={name} label={translate(`app.evaluation.tabs.${name}`)} data-testid={`eval-tab-${name}`} />
                                ))}
                            </Tabs>
                            {tab === 'rubric' && <RubricEditor key={round.id} roundId={round.id} />}
                            {tab === 'assign' && <AssignmentPanel key={round.id} round={round} />}
                            {tab === 'scores' && <ScoreTable key={round.id} roundId={round.id} />}
                        </>
                    )}
                </CardContent>
            </Card>
        </Box>
    );
};

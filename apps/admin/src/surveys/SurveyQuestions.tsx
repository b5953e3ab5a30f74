import { useState } from 'react';
import { Alert, Box, Card, CardContent, CircularProgress, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import { Form, ResourceContextProvider, SaveButton, Title, useDataProvider, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PageHeading } from '../components/PageHeading';
import { SchoolPicker, useSchoolChoice } from '../components/SchoolPicker';
import { useSaveForm } from '../useSaveForm';
import { QuestionsInput, cleanQuestions, type SurveyQuestion } from './QuestionsInput';
import { STAGES, type QuestionsBody, type SurveysDataProvider } from './methods';

/**
 * survey/questions: a school's application survey questions (the SURVEY
 * step, or those asked with the application part). Removing a question an
 * application answered retires it: the server keeps it for those answers.
 */
export const SurveyQuestions = () => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<SurveysDataProvider>();
    const queryClient = useQueryClient();
    const { code, bound, schools, picked, setPicked, failed: listFailed } = useSchoolChoice();
    const [stage, setStage] = useState<string>('SURVEY');
    const queryKey = ['getSurveyQuestions', code, stage];
    const { data, isError: failed } = useQuery({
        queryKey,
        queryFn: () => dataProvider.getSurveyQuestions(code, stage),
        enabled: !!code,
        retry: false,
    });
    // What the last save retired, shown while the same school and stage are open.
    const [retiredBy, setRetiredBy] = useState<{ key: string; codes: string[] } | null>(null);
    const retired = retiredBy?.key === `${code}-${stage}` ? retiredBy.codes : [];
    const submit = useSaveForm(
        (values: Record<string, unknown>) => dataProvider.saveSurveyQuestions(code, stage, cleanQuestions(values.questions as SurveyQuestion[])),
        (saved: QuestionsBody) => {
            queryClient.setQueryData(queryKey, saved);
            setRetiredBy({ key: `${code}-${stage}`, codes: saved.retired });
        },
    );
    return (
        <Box sx={{ mt: 2 }} data-testid="survey-questions">
            <Title title={translate('app.pages.surveyQuestions')} />
            <Card>
                <CardContent>
                    <PageHeading title="app.pages.surveyQuestions" variant="page" />
                    <Typography variant="body2" color="text.secondary">
                        {translate('app.survey.questions_intro')}
                    </Typography>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
                        {!bound && schools.length > 0 && <SchoolPicker schools={schools} value={picked} onChange={setPicked} />}
                        <MuiTextField
                            select
                            size="small"
                            label={translate('app.survey.stage')}
                            value={stage}
                            onChange={e => setStage(e.target.value)}
                            sx={{ my: 2, minWidth: 200 }}
                        >
                            {STAGES.map(s => (
                                <MenuItem key={s} value={s}>
                                    {translate(`app.survey.stages.${s}`)}
                                </MenuItem>
                            ))}
                        </MuiTextField>
                    </Box>
                    {retired.length > 0 && (
                        <Alert severity="info" sx={{ mb: 2 }} data-testid="survey-retired">
                            {translate('app.survey.retired', { codes: retired.join(', ') })}
                        </Alert>
                    )}
                    {(failed || listFailed) && <Alert severity="error">{translate('app.info_inquiry.load_failed')}</Alert>}
                    {!failed && code && !data && <CircularProgress aria-label={translate('ra.page.loading')} />}
                    {data && (
                        <ResourceContextProvider value="survey-questions">
                            <Form record={{ questions: data.questions }} onSubmit={submit} key={`${code}-${stage}-${JSON.stringify(data.questions)}`}>
                                <QuestionsInput />
                                <SaveButton sx={{ mt: 2 }} />
                            </Form>
                        </ResourceContextProvider>
                    )}
                </CardContent>
            </Card>
        </Box>
    );
};

import { useEffect, useState } from 'react';
import { Alert, Box, Card, CardContent, CircularProgress, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import { Form, ResourceContextProvider, SaveButton, Title, useTranslate } from 'react-admin';
import { httpClient } from '../httpClient';
import { useSaveForm } from '../useSaveForm';
import { ADMIN_API } from '../dataProvider';
import { SchoolPicker, useSchoolChoice } from '../school/SchoolPicker';
import { QuestionsInput, cleanQuestions, type SurveyQuestion } from './QuestionsInput';

interface QuestionsBody {
    schoolCode: string;
    stage: string;
    questions: SurveyQuestion[];
    retired: string[];
}

const STAGES = ['SURVEY', 'PART'] as const;

/**
 * survey/questions: a school's application survey questions (the SURVEY
 * step, or those asked with the application part). Removing a question an
 * application answered retires it: the server keeps it for those answers.
 */
export const SurveyQuestions = () => {
    const translate = useTranslate();
    const save = useSaveForm();
    const { code, bound, schools, picked, setPicked, failed: listFailed } = useSchoolChoice();
    const [stage, setStage] = useState<string>('SURVEY');
    const [data, setData] = useState<QuestionsBody | null>(null);
    const [failed, setFailed] = useState(false);
    const [retired, setRetired] = useState<string[]>([]);
    const url = `${ADMIN_API}/schools/${encodeURIComponent(code)}/survey-questions/${stage}`;
    useEffect(() => {
        if (!code) return;
        let live = true;
        setData(null);
        setRetired([]);
        httpClient(url)
            .then(({ json }) => live && setData(json as QuestionsBody))
            .catch(() => live && setFailed(true));
        return () => {
            live = false;
        };
    }, [url, code]);
    const submit = (values: Record<string, unknown>) =>
        save<QuestionsBody>(url, { questions: cleanQuestions(values.questions as SurveyQuestion[]) }, saved => {
            setData(saved);
            setRetired(saved.retired);
        });
    return (
        <Box sx={{ mt: 2 }} data-testid="survey-questions">
            <Title title={translate('app.pages.surveyQuestions')} />
            <Card>
                <CardContent>
                    <Typography component="h1" variant="h5" gutterBottom>
                        {translate('app.pages.surveyQuestions')}
                    </Typography>
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

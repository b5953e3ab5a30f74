import { useParams } from 'react-router-dom';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    CircularProgress,
    List as MuiList,
    ListItem,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import {
    BooleanInput,
    Create,
    CreateButton,
    Datagrid,
    Edit,
    FormDataConsumer,
    FunctionField,
    List,
    NumberField,
    NumberInput,
    SelectInput,
    SimpleForm,
    SimpleList,
    TextField,
    TextInput,
    Title,
    TopToolbar,
    required,
    useDataProvider,
    useLocale,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { DayInput, DayLocalization } from '../components/DayInput';
import { PageHeading } from '../components/PageHeading';
import { useSchoolChoice } from '../components/SchoolPicker';
import { QuestionsInput, cleanQuestions, type SurveyQuestion } from './QuestionsInput';
import { surveyExportUrl, type SurveysDataProvider } from './methods';

export interface SurveyRecord {
    id: number;
    schoolCode: string;
    titleKo: string;
    titleEn: string;
    startDay: string;
    endDay: string;
    audience: string;
    enterYear: number;
    recruitPartSeq: number;
    completion: boolean;
    questions: SurveyQuestion[];
    responses: number;
}

const AUDIENCES = ['ALL', 'SCHOOL', 'ROUND'] as const;

const title = (r: SurveyRecord, locale: string) => (locale === 'en' ? r.titleEn || r.titleKo : r.titleKo);

/** Sends what the server reads: text questions without items. */
const transform = (d: SurveyRecord) => ({ ...d, completion: !!d.completion, questions: cleanQuestions(d.questions) });

/** The results of the row's survey (label: the Datagrid's column header). */
const ResultsLink = (_props: { label?: string }) => {
    const r = useRecordContext<SurveyRecord>();
    const translate = useTranslate();
    if (!r) return null;
    return (
        <Button component={Link} to={`/surveys/${r.id}/results`} size="small" onClick={e => e.stopPropagation()}>
            {translate('app.survey.results')}
        </Button>
    );
};

/** survey/list: the surveys of the schools the caller manages (all for the provider). */
export const SurveyList = () => {
    const locale = useLocale();
    const translate = useTranslate();
    const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
    return (
        <>
            <PageHeading title="resources.surveys.name" />
            <List actions={<TopToolbar><CreateButton /></TopToolbar>} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
                {phone ? (
                    <SimpleList
                        primaryText={(r: SurveyRecord) => title(r, locale)}
                        secondaryText={(r: SurveyRecord) => `${r.startDay} – ${r.endDay}`}
                        tertiaryText={(r: SurveyRecord) => translate('app.survey.responses_n', { n: r.responses })}
                        linkType="edit"
                    />
                ) : (
                    <Datagrid rowClick="edit" bulkActionButtons={false}>
                        <TextField source="schoolCode" sortable={false} />
                        <FunctionField source="titleKo" sortable={false} render={(r: SurveyRecord) => title(r, locale)} />
                        <FunctionField
                            label="resources.surveys.fields.period"
                            render={(r: SurveyRecord) => `${r.startDay} – ${r.endDay}`}
                        />
                        <FunctionField
                            source="audience"
                            sortable={false}
                            render={(r: SurveyRecord) => translate(`app.survey.audiences.${r.audience}`)}
                        />
                        <NumberField source="responses" sortable={false} />
                        <ResultsLink label="app.survey.results" />
                    </Datagrid>
                )}
            </List>
        </>
    );
};

const SurveyForm = ({ create = false }: { create?: boolean }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const record = useRecordContext<SurveyRecord>();
    const { bound, schools } = useSchoolChoice();
    const frozen = !create && (record?.responses ?? 0) > 0;
    const t = (k: string) => `resources.surveys.fields.${k}`;
    return (
        <DayLocalization>
            <SimpleForm>
                {create && !bound && (
                    <SelectInput
                        source="schoolCode"
                        label={t('schoolCode')}
                        choices={[{ id: '', name: translate('app.survey.provider') }, ...schools.map(s => ({ id: s.id, name: locale === 'en' ? s.engName : s.korName }))]}
                        translateChoice={false}
                        emptyText={translate('app.survey.provider')}
                    />
                )}
                <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, width: '100%' }}>
                    <TextInput source="titleKo" label={t('titleKo')} validate={required()} />
                    <TextInput source="titleEn" label={t('titleEn')} validate={required()} />
                    <DayInput source="startDay" label={translate(t('startDay'))} validate={required()} />
                    <DayInput source="endDay" label={translate(t('endDay'))} validate={required()} />
                </Box>
                <SelectInput
                    source="audience"
                    label={t('audience')}
                    choices={AUDIENCES.filter(a => a !== 'ALL' || !bound).map(id => ({ id, name: `app.survey.audiences.${id}` }))}
                    validate={required()}
                />
                <FormDataConsumer>
                    {({ formData }) =>
                        (formData as SurveyRecord).audience === 'ROUND' ? (
                            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                                <NumberInput source="enterYear" label={t('enterYear')} />
                                <NumberInput source="recruitPartSeq" label={t('recruitPartSeq')} />
                                <BooleanInput source="completion" label={t('completion')} helperText={translate('app.survey.completion_hint')} />
                            </Box>
                        ) : null
                    }
                </FormDataConsumer>
                <Typography component="h2" variant="h6">
                    {translate('app.survey.questions')}
                </Typography>
                {frozen && (
                    <Alert severity="info" sx={{ mb: 1 }}>
                        {translate('app.survey.frozen')}
                    </Alert>
                )}
                <QuestionsInput disabled={frozen} />
            </SimpleForm>
        </DayLocalization>
    );
};

export const SurveyCreate = () => {
    const translate = useTranslate();
    return (
        <Create
            title={translate('resources.surveys.create_title')}
            transform={transform}
            mutationMode="pessimistic"
            redirect="list"
            record={{ schoolCode: '', audience: 'SCHOOL', questions: [], completion: false }}
        >
            <PageHeading title="resources.surveys.create_title" />
            <SurveyForm create />
        </Create>
    );
};

export const SurveyEdit = () => (
    <Edit transform={transform} mutationMode="pessimistic" redirect="list">
        <PageHeading title="resources.surveys.name" />
        <SurveyForm />
    </Edit>
);

/** The results of a survey: counts per item with their comments, the free texts, and the CSV export. */
export const SurveyResults = () => {
    const { id = '' } = useParams();
    const translate = useTranslate();
    const locale = useLocale();
    const dataProvider = useDataProvider<SurveysDataProvider>();
    const { data, isError: failed } = useQuery({
        queryKey: ['getSurveyResults', id],
        queryFn: () => dataProvider.getSurveyResults(id),
        retry: false,
    });
    const text = (ko: string, en: string) => (locale === 'en' ? en || ko : ko);
    return (
        <Box sx={{ mt: 2 }} data-testid="survey-results">
            <Title title={translate('app.survey.results')} />
            <Card>
                <CardContent>
                    <PageHeading variant="page">{data ? text(data.titleKo, data.titleEn) : translate('app.survey.results')}</PageHeading>
                    {failed && <Alert severity="error">{translate('app.info_inquiry.load_failed')}</Alert>}
                    {!failed && !data && <CircularProgress aria-label={translate('ra.page.loading')} />}
                    {data && (
                        <>
                            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
                                <Typography data-testid="survey-total">{translate('app.survey.responses_n', { n: data.total })}</Typography>
                                <Button
                                    component="a"
                                    href={surveyExportUrl(id)}
                                    download
                                    startIcon={<DownloadIcon />}
                                    variant="outlined"
                                    size="small"
                                >
                                    {translate('app.survey.export')}
                                </Button>
                            </Box>
                            {data.results.map(q => (
                                <Box key={q.questionCode} component="section" sx={{ mb: 3 }} data-testid={`result-${q.questionCode}`}>
                                    <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                                        {text(q.korText, q.engText)}
                                    </Typography>
                                    {q.counts.length > 0 && (
                                        <Box sx={{ overflowX: 'auto' }}>
                                            <Table size="small">
                                                <TableHead>
                                                    <TableRow>
                                                        <TableCell>{translate('app.survey.item')}</TableCell>
                                                        <TableCell align="right">{translate('app.survey.count')}</TableCell>
                                                    </TableRow>
                                                </TableHead>
                                                <TableBody>
                                                    {q.counts.map(c => (
                                                        <TableRow key={c.itemCode}>
                                                            <TableCell>
                                                                {text(c.korValue, c.engValue)}
                                                                {c.comments.length > 0 && (
                                                                    <Typography variant="body2" color="text.secondary">
                                                                        {c.comments.join(' · ')}
                                                                    </Typography>
                                                                )}
                                                            </TableCell>
                                                            <TableCell align="right">{c.count}</TableCell>
                                                        </TableRow>
                                                    ))}
                                                </TableBody>
                                            </Table>
                                        </Box>
                                    )}
                                    {q.counts.length === 0 &&
                                        (q.texts.length === 0 ? (
                                            <Typography variant="body2" color="text.secondary">
                                                {translate('app.survey.no_texts')}
                                            </Typography>
                                        ) : (
                                            <MuiList dense>
                                                {q.texts.map((x, i) => (
                                                    <ListItem key={i} sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                                                        {x}
                                                    </ListItem>
                                                ))}
                                            </MuiList>
                                        ))}
                                </Box>
                            ))}
                        </>
                    )}
                </CardContent>
            </Card>
        </Box>
    );
};


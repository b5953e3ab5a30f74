import {
    Alert,
    Box,
    Card,
    CardContent,
    CircularProgress,
    Typography,
} from '@mui/material';
import {
    BooleanInput,
    CheckboxGroupInput,
    Form,
    SaveButton,
    TextInput,
    Title,
    required,
    useGetOne,
    useLocale,
    useTranslate,
    useUpdate,
} from 'react-admin';
import { PageHeading } from '../components/PageHeading';
import { SchoolPicker, useSchoolChoice } from '../components/SchoolPicker';
import { STEPS, type SchoolDetail } from '../schools';
import { useSaveForm } from '../useSaveForm';

/** The form of one school; the server's field errors show at the fields. */
const SchoolForm = ({ initial }: { initial: SchoolDetail }) => {
    const translate = useTranslate();
    const locale = useLocale();
    // Pessimistic: the page shows what the server kept, once it has answered.
    const [update] = useUpdate<SchoolDetail>();
    const save = useSaveForm((body: Partial<SchoolDetail>) =>
        update('schools', { id: initial.schoolCode, data: body, previousData: initial }, { mutationMode: 'pessimistic', returnPromise: true }),
    );
    const t = (k: string) => translate(`resources.schools.${k}`);
    const values = { ...initial, refusedNationalities: initial.refusedNationalities.join(', ') };
    const submit = (data: Record<string, unknown>) =>
        save({
            ...data,
            refusedNationalities: String(data.refusedNationalities ?? '')
                .split(/[\s,]+/)
                .filter(Boolean),
        });
    return (
        <Form record={values} onSubmit={submit} key={initial.schoolCode}>
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                <TextInput source="korName" label={t('fields.korName')} validate={required()} />
                <TextInput source="engName" label={t('fields.engName')} validate={required()} />
                <TextInput source="color" label={t('fields.color')} helperText={t('hints.color')} />
                <TextInput source="logoUrl" label={t('fields.logoUrl')} helperText={t('hints.logoUrl')} />
                <TextInput source="contactEmail" label={t('fields.contactEmail')} />
                <TextInput source="contactPhone" label={t('fields.contactPhone')} />
            </Box>
            <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
                {t('steps')}
            </Typography>
            <CheckboxGroupInput source="steps" label={false} choices={STEPS.map(s => ({ id: s, name: `resources.schools.step.${s}` }))} />
            <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
                {t('variants')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                <TextInput source="refusedNationalities" label={t('fields.refusedNationalities')} helperText={t('hints.refusedNationalities')} />
                <TextInput source="passportNone" label={t('fields.passportNone')} helperText={t('hints.passportNone')} />
                <TextInput source="visaNone" label={t('fields.visaNone')} helperText={t('hints.visaNone')} />
                <BooleanInput source="isEtcDocumentUploadable" label={t('fields.isEtcDocumentUploadable')} />
            </Box>
            <CheckboxGroupInput
                source="videoEssayMajors"
                label={t('fields.videoEssayMajors')}
                choices={initial.majors.map(m => ({ id: m.Code, name: `${m.Code} · ${locale === 'en' ? m.EngName : m.KorName}` }))}
                translateChoice={false}
            />
            <SaveButton sx={{ mt: 2 }} />
        </Form>
    );
};

/**
 * school/settings: the school page (colour and logo the applicant site
 * uses, names, contact), the step list and the variants of spec section 1.
 */
export const SchoolSettings = () => {
    const translate = useTranslate();
    const { code, bound, schools, picked, setPicked, failed: listFailed } = useSchoolChoice();
    const { data: settings, error } = useGetOne<SchoolDetail>('schools', { id: code }, { enabled: !!code, retry: false });
    const failed = listFailed || !!error;
    return (
        <Box sx={{ mt: 2 }} data-testid="school-settings">
            <Title title={translate('app.pages.schoolSettings')} />
            <Card>
                <CardContent>
                    <PageHeading title="app.pages.schoolSettings" variant="page" />
                    {!bound && schools.length > 0 && <SchoolPicker schools={schools} value={picked} onChange={setPicked} />}
                    {failed && <Alert severity="error">{translate('app.info_inquiry.load_failed')}</Alert>}
                    {!failed && code && !settings && <CircularProgress aria-label={translate('ra.page.loading')} />}
                    {settings && <SchoolForm initial={settings} key={settings.schoolCode} />}
                </CardContent>
            </Card>
        </Box>
    );
};

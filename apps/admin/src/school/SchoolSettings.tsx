import { useEffect, useState } from 'react';
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
    useLocale,
    useTranslate,
} from 'react-admin';
import { httpClient } from '../httpClient';
import { SchoolPicker, useSchoolChoice } from './SchoolPicker';
import { useSaveForm } from '../useSaveForm';
import { ADMIN_API } from '../dataProvider';
import { STEPS } from '../rounds/types';


interface Settings {
    schoolCode: string;
    korName: string;
    engName: string;
    slug: string;
    color: string;
    logoUrl: string;
    contactEmail: string;
    contactPhone: string;
    steps: string[];
    refusedNationalities: string[];
    passportNone: string;
    visaNone: string;
    isEtcDocumentUploadable: boolean;
    videoEssayMajors: string[];
    majors: Array<{ Code: string; KorName: string; EngName: string }>;
}

/** The form of one school; the server's field errors show at the fields. */
const SchoolForm = ({ initial, onSaved }: { initial: Settings; onSaved: (s: Settings) => void }) => {
    const translate = useTranslate();
    const save = useSaveForm();
    const locale = useLocale();
    const t = (k: string) => translate(`resources.schools.${k}`);
    const values = { ...initial, refusedNationalities: initial.refusedNationalities.join(', ') };
    const submit = (data: Record<string, unknown>) => {
        const body = {
            ...data,
            refusedNationalities: String(data.refusedNationalities ?? '')
                .split(/[\s,]+/)
                .filter(Boolean),
        };
        return save<Settings>(`${ADMIN_API}/schools/${encodeURIComponent(initial.schoolCode)}`, body, onSaved);
    };
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
    const [settings, setSettings] = useState<Settings | null>(null);
    const [loadFailed, setFailed] = useState(false);
    const failed = listFailed || loadFailed;
    useEffect(() => {
        if (!code) return;
        let live = true;
        setSettings(null);
        httpClient(`${ADMIN_API}/schools/${encodeURIComponent(code)}`)
            .then(({ json }) => live && setSettings(json as Settings))
            .catch(() => live && setFailed(true));
        return () => {
            live = false;
        };
    }, [code]);
    return (
        <Box sx={{ mt: 2 }} data-testid="school-settings">
            <Title title={translate('app.pages.schoolSettings')} />
            <Card>
                <CardContent>
                    <Typography component="h1" variant="h5" gutterBottom>
                        {translate('app.pages.schoolSettings')}
                    </Typography>
                    {!bound && schools.length > 0 && <SchoolPicker schools={schools} value={picked} onChange={setPicked} />}
                    {failed && <Alert severity="error">{translate('app.info_inquiry.load_failed')}</Alert>}
                    {!failed && code && !settings && <CircularProgress aria-label={translate('ra.page.loading')} />}
                    {settings && <SchoolForm initial={settings} onSaved={setSettings} />}
                </CardContent>
            </Card>
        </Box>
    );
};

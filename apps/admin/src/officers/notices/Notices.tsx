import { Chip, Typography } from '@mui/material';
import {
    Create,
    DataTable,
    DeleteWithConfirmButton,
    Edit,
    FunctionField,
    List,
    SaveButton,
    SelectInput,
    SimpleForm,
    TextInput,
    Toolbar,
    required,
    useGetIdentity,
    useLocale,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PageHeading } from '../../components/PageHeading';
import { useSchoolName, useStaffSchools } from '../../components/SchoolPicker';
import { DayInput, DayLocalization } from '../../components/DayInput';
import { useRounds, type RoundRow } from '../../rounds/RoundPicker';
import { localName } from '../../schools';
import { formatDateTime } from '../../format';
import { dayAfterStart, dayOf, dayStart, daysFromToday, lastDayBefore, shownNow } from '../time';
import type { NoticeRecord } from './methods';

/** The form's values: one field per text, the period in Seoul days (the last day shown included). */
export interface NoticeValues {
    schoolCode: string;
    round: string;
    titleKo: string;
    titleEn: string;
    bodyKo: string;
    bodyEn: string;
    starts: string;
    ends: string;
}

/** A stored notice as the form edits it. */
export const toValues = (n: NoticeRecord): NoticeValues => ({
    schoolCode: n.schoolCode ?? '',
    round: n.roundId ?? '',
    titleKo: n.title.ko,
    titleEn: n.title.en,
    bodyKo: n.body.ko,
    bodyEn: n.body.en,
    starts: dayOf(n.starts),
    ends: lastDayBefore(n.ends),
});

/**
 * The body the server takes: shown from the first day's 00:00 until the
 * day after the last day (exclusive), Seoul time.
 */
export const toBody = (v: Partial<NoticeValues>) => ({
    schoolCode: v.schoolCode ?? '',
    roundId: v.schoolCode ? (v.round ?? '') : '',
    title: { ko: v.titleKo ?? '', en: v.titleEn ?? '' },
    body: { ko: v.bodyKo ?? '', en: v.bodyEn ?? '' },
    starts: dayStart(v.starts),
    ends: dayAfterStart(v.ends),
});

const roundName = (r: RoundRow | undefined, locale: string) => (r ? `${r.enterYear} · ${locale === 'en' ? r.engName : r.korName}` : '');

/** Where a notice shows, by name: the whole site, a school, or a school's round. */
const Scope = ({ rounds }: { rounds: RoundRow[] }) => {
    const n = useRecordContext<NoticeRecord>();
    const translate = useTranslate();
    const locale = useLocale();
    const school = useSchoolName();
    if (!n) return null;
    if (!n.schoolCode) return <>{translate('officers.notices.site')}</>;
    const r = n.roundId ? rounds.find(x => x.id === n.roundId) : undefined;
    return <>{n.roundId ? `${school(n.schoolCode)} · ${roundName(r, locale) || translate('resources.notices.fields.round')}` : school(n.schoolCode)}</>;
};

/** The period by days, and whether it shows now. */
const Period = () => {
    const n = useRecordContext<NoticeRecord>();
    const translate = useTranslate();
    if (!n) return null;
    const state = shownNow(n.starts, n.ends);
    return (
        <>
            {translate('officers.notices.period', { from: dayOf(n.starts), to: lastDayBefore(n.ends) })}{' '}
            <Chip size="small" label={translate(`officers.notices.${state}`)} color={state === 'showing' ? 'success' : 'default'} data-state={state} />
        </>
    );
};

/** notice: the notices the caller manages (a school admin: its school's). */
export const NoticeList = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const { rounds } = useRounds();
    return (
        <List title={translate('app.pages.notice')} exporter={false} perPage={50} sort={{ field: 'id', order: 'DESC' }}>
            <PageHeading title="app.pages.notice" variant="list" />
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
                {translate('officers.notices.intro')}
            </Typography>
            <DataTable rowClick="edit" bulkActionButtons={false} data-testid="notices-table">
                <DataTable.Col source="title" disableSort>
                    <FunctionField render={(n: NoticeRecord) => (locale === 'en' ? n.title.en : n.title.ko)} />
                </DataTable.Col>
                <DataTable.Col source="scope" disableSort>
                    <Scope rounds={rounds ?? []} />
                </DataTable.Col>
                <DataTable.Col source="period" disableSort>
                    <Period />
                </DataTable.Col>
                <DataTable.Col source="updatedAt" disableSort>
                    <FunctionField render={(n: NoticeRecord) => formatDateTime(n.updatedAt)} />
                </DataTable.Col>
                <DataTable.Col label="ra.action.delete" disableSort>
                    <DeleteWithConfirmButton mutationMode="pessimistic" />
                </DataTable.Col>
            </DataTable>
        </List>
    );
};

/** The school (a school admin's own, fixed; a system admin's choice, or the whole site) and the round. */
const WhereInputs = ({ edit }: { edit?: boolean }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const { identity } = useGetIdentity();
    const bound = (identity?.schoolCode as string | null | undefined) ?? '';
    const schools = useStaffSchools();
    const schoolName = useSchoolName();
    const { rounds } = useRounds();
    const schoolCode = (useWatch({ name: 'schoolCode' }) as string | undefined) ?? '';
    const choices = (rounds ?? []).filter(r => r.id.startsWith(`${schoolCode}-`)).map(r => ({ id: r.id, name: roundName(r, locale) }));
    return (
        <>
            {edit || bound ? (
                <Typography variant="body1" sx={{ mb: 2 }} data-testid="notice-school">
                    {`${translate('resources.notices.fields.scope')}: ${schoolCode ? schoolName(schoolCode) : translate('officers.notices.site')}`}
                </Typography>
            ) : (
                <SelectInput
                    source="schoolCode"
                    choices={(schools.data ?? []).map(s => ({ id: s.id, name: localName(s, locale) }))}
                    translateChoice={false}
                    emptyText="officers.notices.site"
                    emptyValue=""
                    helperText="officers.notices.site_admins_only"
                    isPending={schools.isPending}
                />
            )}
            {schoolCode && (
                <SelectInput source="round" choices={choices} translateChoice={false} emptyText="officers.notices.whole_school" emptyValue="" />
            )}
        </>
    );
};

const long = { multiline: true, minRows: 4, fullWidth: true } as const;

const NoticeForm = ({ edit }: { edit?: boolean }) => {
    const translate = useTranslate();
    const record = useRecordContext<NoticeRecord>();
    const { identity } = useGetIdentity();
    const bound = (identity?.schoolCode as string | null | undefined) ?? '';
    const values: NoticeValues = record
        ? toValues(record)
        : { schoolCode: bound, round: '', titleKo: '', titleEn: '', bodyKo: '', bodyEn: '', ...daysFromToday(30) };
    return (
        <SimpleForm
            record={values}
            key={`${record?.id ?? 'new'}-${bound}`}
            toolbar={
                <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
                    <SaveButton data-testid="notice-save" />
                    {edit && <DeleteWithConfirmButton mutationMode="pessimistic" />}
                </Toolbar>
            }
        >
            <WhereInputs edit={edit} />
            <TextInput source="titleKo" validate={required()} fullWidth />
            <TextInput source="titleEn" validate={required()} fullWidth />
            <TextInput source="bodyKo" validate={required()} {...long} />
            <TextInput source="bodyEn" validate={required()} {...long} />
            <DayLocalization>
                <DayInput source="starts" label={translate('resources.notices.fields.starts')} validate={required()} />
                <DayInput source="ends" label={translate('resources.notices.fields.ends')} validate={required()} />
            </DayLocalization>
            <Typography variant="caption" color="text.secondary">
                {`${translate('officers.notices.starts_help')} ${translate('officers.notices.ends_help')}`}
            </Typography>
        </SimpleForm>
    );
};

export const NoticeCreate = () => (
    <Create redirect="list" mutationMode="pessimistic" transform={toBody}>
        <PageHeading title="app.pages.notice" />
        <NoticeForm />
    </Create>
);

export const NoticeEdit = () => (
    <Edit redirect="list" mutationMode="pessimistic" transform={toBody}>
        <PageHeading title="app.pages.notice" />
        <NoticeForm edit />
    </Edit>
);

import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, FormGroup, MenuItem, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
    DataTable,
    List,
    Pagination,
    SearchInput,
    SelectInput,
    Show,
    SimpleList,
    useNotify,
    useDataProvider,
    useRecordContext,
    useRefresh,
    useTranslate,
    type RaRecord,
    useLocale,
} from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { DateTimeField } from '../components/DateTimeField';
import { RolesField } from '../components/RolesField';
import { USER_STATUSES, UserStatusField } from '../components/UserStatusField';
import { fieldErrors } from '../apiErrors';
import type { BackofficeDataProvider } from './methods';
import { PageHeading } from '../components/PageHeading';
import { formatDateTime } from '../format';
import { SchoolNameField, useStaffSchools } from '../components/SchoolPicker';
import { localName } from '../schools';
import { SupportPanel } from './SupportPanel';

const ROLES = ['ROLE_USER', 'ROLE_SYS_ADMIN', 'ROLE_SCHL_ADMIN', 'ROLE_SET_ADMIN', 'ROLE_TIME_INDEPENDENT', 'ROLE_STLM_ADMIN', 'ROLE_CLOSE_ADMIN', 'ROLE_REVIEWER'] as const;
const SANCTIONS = ['LIMIT', 'SUSPEND', 'END'] as const;
const CAUSES = ['FALSE_INFO', 'DISRUPTION', 'OTHER'] as const;

const MemberFilters = () => {
    const translate = useTranslate();
    const search = translate('resources.users.search_placeholder');
    return [
        <SearchInput key="q" source="q" alwaysOn placeholder={search}
            slotProps={{ htmlInput: { 'aria-label': search, 'data-testid': 'members-search' } }} />,
        <SelectInput key="status" source="status" alwaysOn choices={USER_STATUSES.map(s => ({ id: s, name: `resources.users.status.${s}` }))} />,
        <SelectInput key="role" source="role" choices={ROLES.map(r => ({ id: r, name: `resources.users.roles.${r}` }))} />,
    ];
};

/** user/management and auth/list: every account, staff included (system admin). */
const MemberList = ({ rowClick }: { rowClick: 'show' | 'edit' }) => {
    const translate = useTranslate();
    const isSmall = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    return (
        <List filters={MemberFilters()} sort={{ field: 'userId', order: 'ASC' }} perPage={10}
            pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />} exporter={false}>
            {isSmall ? (
                <SimpleList primaryText={r => r.userId} secondaryText={r => r.email}
                    tertiaryText={r => translate(`resources.users.status.${r.status}`, { _: r.status })} rowClick={rowClick} />
            ) : (
                <DataTable rowClick={rowClick} bulkActionButtons={false} data-testid="members-table">
                    <DataTable.Col source="userId" />
                    <DataTable.Col source="email" />
                    <DataTable.Col source="status"><UserStatusField /></DataTable.Col>
                    <DataTable.Col source="roles" disableSort><RolesField /></DataTable.Col>
                    <DataTable.Col source="schoolCode" disableSort>
                        <SchoolNameField />
                    </DataTable.Col>
                    <DataTable.Col source="lastLoginAt"><DateTimeField source="lastLoginAt" emptyText="resources.users.never" /></DataTable.Col>
                </DataTable>
            )}
        </List>
    );
};

export const MembersList = () => (
    <>
        <PageHeading title="resources.members.name" />
        <MemberList rowClick="show" />
    </>
);
export const RolesList = () => (
    <>
        <PageHeading title="resources.roles.name" />
        <MemberList rowClick="show" />
    </>
);

const Panel = ({ title, children, testid }: { title: string; children: React.ReactNode; testid?: string }) => (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid={testid}>
        <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>{title}</Typography>
            {children}
        </CardContent>
    </Card>
);

const Summary = ({ record }: { record: RaRecord }) => (
    <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h6" component="p">{record.userId}</Typography>
        <Typography variant="body2">{record.email}</Typography>
        <UserStatusField />
        <RolesField />
        {record.schoolCode && <SchoolNameField />}
    </Stack>
);

const MemberView = () => {
    const record = useRecordContext();
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<BackofficeDataProvider>();
    const [status, setStatus] = useState('ACTIVE');
    const [statusNote, setStatusNote] = useState('');
    const [kind, setKind] = useState<string>('LIMIT');
    const [cause, setCause] = useState<string>('FALSE_INFO');
    const [note, setNote] = useState('');
    const [fixNote, setFixNote] = useState('');
    const [errors, setErrors] = useState<Record<string, string>>({});
    // Each panel's errors are kept under its prefix: s(anction), t (status), f(ixed-term lift).
    const { mutate: send } = useMutation({
        mutationFn: ({ call }: { call: () => Promise<unknown>; prefix: string }) => call(),
        onSuccess: () => {
            notify('backoffice.member.done', { type: 'success' });
            setErrors({});
            setNote('');
            setStatusNote('');
            setFixNote('');
            refresh();
        },
        onError: (e, { prefix }) => {
            const f = fieldErrors(e);
            setErrors(Object.keys(f).length ? Object.fromEntries(Object.entries(f).map(([k, v]) => [`${prefix}.${k}`, v])) : { [`${prefix}._`]: e.message });
        },
    });
    if (!record) return null;
    const withdrawn = record.status === 'WITHDRAW';
    return (
        <Box sx={{ p: { xs: 1, sm: 2 } }}>
            <PageHeading>{`${translate('resources.members.name')}: ${record.userId}`}</PageHeading>
            <Summary record={record} />
            <SupportPanel />
            {!withdrawn && (
                <Panel title={translate('backoffice.member.sanction_title')} testid="sanction-panel">
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('backoffice.member.sanction_intro')}</Typography>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                        <TextField select size="small" label={translate('backoffice.member.kind')} value={kind} onChange={e => setKind(e.target.value)}
                            sx={{ minWidth: 200 }} slotProps={{ htmlInput: { 'data-testid': 'sanction-kind' } }}>
                            {SANCTIONS.map(k => <MenuItem key={k} value={k}>{translate(`backoffice.member.kinds.${k}`)}</MenuItem>)}
                        </TextField>
                        <TextField select size="small" label={translate('backoffice.member.cause')} value={cause} onChange={e => setCause(e.target.value)}
                            sx={{ minWidth: 200 }}>
                            {CAUSES.map(c => <MenuItem key={c} value={c}>{translate(`backoffice.member.causes.${c}`)}</MenuItem>)}
                        </TextField>
                    </Stack>
                    <TextField fullWidth margin="normal" multiline minRows={2} label={translate('backoffice.member.note')} value={note}
                        onChange={e => setNote(e.target.value)} error={!!errors['s.note']} helperText={errors['s.note'] || ' '}
                        slotProps={{ htmlInput: { 'data-testid': 'sanction-note', maxLength: 500 } }} />
                    {errors['s._'] && <Alert severity="error" sx={{ mb: 1 }}>{errors['s._']}</Alert>}
                    <Button variant="contained" color="error" onClick={() => send({ call: () => dataProvider.sanctionMember(record.id, { kind, cause, note }), prefix: 's' })}
                        data-testid="sanction-submit">{translate('backoffice.member.apply')}</Button>
                </Panel>
            )}
            {!withdrawn && (
                <Panel title={translate('backoffice.member.status_title')} testid="status-panel">
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                        <TextField select size="small" label={translate('resources.users.fields.status')} value={status} onChange={e => setStatus(e.target.value)} sx={{ minWidth: 200 }}>
                            {USER_STATUSES.map(s => <MenuItem key={s} value={s}>{translate(`resources.users.status.${s}`)}</MenuItem>)}
                        </TextField>
                        <TextField size="small" fullWidth label={translate('backoffice.member.note')} value={statusNote} onChange={e => setStatusNote(e.target.value)}
                            error={!!(errors['t.note'] || errors['t._'])} helperText={errors['t.note'] || errors['t._'] || ' '} />
                    </Stack>
                    <Button variant="outlined" onClick={() => send({ call: () => dataProvider.setMemberStatus(record.id, { status, note: statusNote }), prefix: 't' })}>
                        {translate('backoffice.save')}
                    </Button>
                </Panel>
            )}
            <Panel title={translate('backoffice.member.history')}>
                {(record.sanctions ?? []).length === 0 ? (
                    <Typography variant="body2">{translate('backoffice.member.no_history')}</Typography>
                ) : (
                    (record.sanctions as { kind: string; cause: string; note: string; fixBy: string | null; by: string; createdAt: string; resolution: string | null }[]).map((s, i) => (
                        <Box key={i} sx={{ py: 0.5 }}>
                            <Typography variant="body2" data-testid="sanction-row">
                                {formatDateTime(s.createdAt)} · {translate(`backoffice.member.kinds.${s.kind}`)} · {translate(`backoffice.member.causes.${s.cause}`)} · {s.note}
                                {s.fixBy ? ` · ${translate('backoffice.member.fix_by', { date: s.fixBy })}` : ''} · {translate('backoffice.member.by', { by: s.by })}
                                {s.resolution ? ` · ${translate(`backoffice.member.resolutions.${s.resolution}`)}` : ''}
                            </Typography>
                            {s.kind === 'LIMIT' && !s.resolution && !withdrawn && (
                                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 0.5 }}>
                                    <TextField size="small" label={translate('backoffice.member.note')} value={fixNote} onChange={e => setFixNote(e.target.value)}
                                        error={!!(errors['f.note'] || errors['f._'])} helperText={errors['f.note'] || errors['f._'] || translate('backoffice.member.fix_intro')}
                                        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'fixed-note' } }} />
                                    <Button variant="outlined" onClick={() => send({ call: () => dataProvider.liftMemberSanction(record.id, { note: fixNote }), prefix: 'f' })}
                                        data-testid="fixed-submit">{translate('backoffice.member.mark_fixed')}</Button>
                                </Stack>
                            )}
                        </Box>
                    ))
                )}
            </Panel>
        </Box>
    );
};

export const MemberShow = () => (
    <Show actions={false} title={<TitleUser />}>
        <MemberView />
    </Show>
);

const TitleUser = () => {
    const record = useRecordContext();
    return <span>{record?.userId ?? ''}</span>;
};

const RolesView = () => {
    const record = useRecordContext();
    const translate = useTranslate();
    const locale = useLocale();
    const schools = useStaffSchools();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<BackofficeDataProvider>();
    const [roles, setRoles] = useState<string[] | null>(null);
    const [school, setSchool] = useState<string | null>(null);
    const [errors, setErrors] = useState<Record<string, string>>({});
    const { mutate: save } = useMutation({
        mutationFn: (body: { id: RaRecord['id']; roles: string[]; schoolCode: string | null }) =>
            dataProvider.setRoles(body.id, { roles: body.roles, schoolCode: body.schoolCode }),
        onSuccess: () => {
            notify('backoffice.roles.saved', { type: 'success' });
            setErrors({});
            setRoles(null);
            setSchool(null);
            refresh();
        },
        onError: e => {
            const f = fieldErrors(e);
            setErrors(Object.keys(f).length ? f : { _: e.message });
        },
    });
    if (!record) return null;
    const current = roles ?? (record.roles as string[]);
    const schoolValue = school ?? (record.schoolCode ?? '');
    const toggle = (r: string) => setRoles(current.includes(r) ? current.filter(x => x !== r) : [...current, r]);
    return (
        <Box sx={{ p: { xs: 1, sm: 2 } }}>
            <PageHeading>{`${translate('resources.roles.name')}: ${record.userId}`}</PageHeading>
            <Summary record={record} />
            <Panel title={translate('backoffice.roles.edit_title', { userId: record.userId })} testid="roles-panel">
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('backoffice.roles.intro')}</Typography>
                <FormGroup>
                    {ROLES.map(r => (
                        <FormControlLabel key={r} label={translate(`resources.users.roles.${r}`)}
                            control={<Checkbox checked={current.includes(r)} onChange={() => toggle(r)} slotProps={{ input: { 'data-testid': `role-${r}` } as object }} />} />
                    ))}
                </FormGroup>
                {errors.roles && <Alert severity="error">{errors.roles}</Alert>}
                <TextField select size="small" margin="normal" label={translate('backoffice.roles.school')} value={schoolValue} onChange={e => setSchool(e.target.value)}
                    error={!!errors.schoolCode} helperText={errors.schoolCode || ' '} sx={{ minWidth: 260 }}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'role-school' } }}>
                    <option value="">{translate('backoffice.roles.no_school')}</option>
                    {(schools.data ?? []).map(s => (
                        <option key={s.id} value={s.id}>{localName(s, locale)}</option>
                    ))}
                </TextField>
                {errors._ && <Alert severity="error" sx={{ mb: 1 }}>{errors._}</Alert>}
                <Box>
                    <Button variant="contained" onClick={() => save({ id: record.id, roles: current, schoolCode: schoolValue.trim() || null })} data-testid="roles-save">{translate('backoffice.save')}</Button>
                </Box>
            </Panel>
        </Box>
    );
};

export const RolesShow = () => (
    <Show actions={false} title={<TitleUser />}>
        <RolesView />
    </Show>
);

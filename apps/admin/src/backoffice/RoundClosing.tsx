import { useState } from 'react';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, FunctionField, List, Pagination, SearchInput, SimpleList, TextInput, useDataProvider, useNotify, useRecordContext, useRefresh, useLocale, useTranslate, type RaRecord } from 'react-admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fieldErrors } from '../apiErrors';
import { APPL_STATUSES } from './status';
import type { BackofficeDataProvider } from './methods';
import { PageHeading } from '../components/PageHeading';
import { formatDateTime } from '../format';
import { SchoolSelectInput } from '../components/SchoolPicker';

interface Closure {
    at: string;
    by: string;
    reason: string;
}

const Filters = () => {
    const translate = useTranslate();
    const search = translate('backoffice.closing.search');
    return [
        <SearchInput key="q" source="q" alwaysOn placeholder={search} slotProps={{ htmlInput: { 'aria-label': search } }} />,
        <SchoolSelectInput key="schoolCode" source="schoolCode" />,
        <TextInput key="enterYear" source="enterYear" />,
    ];
};

/** The round's application and payment windows as stored, by name. */
const windowText = (r: RaRecord, translate: (k: string) => string) =>
    (r.windows as { type: string; startDay: string; endDay: string }[])
        .filter(w => w.type === 'SUBMIT' || w.type === 'COMPLETE')
        .map(w => `${translate(`resources.recruit-parts.windows.${w.type}`)} ${w.startDay} ~ ${w.endDay}`)
        .join(' · ');

/** The round by its school's and its own names in the reader's language, with year and number. */
export const roundTitle = (r: RaRecord, locale: string) =>
    locale === 'en'
        ? `${r.schoolEngName || r.schoolKorName || r.schoolCode} ${r.enterYear}-${r.recruitPartSeq} ${r.engName || r.korName}`
        : `${r.schoolKorName || r.schoolCode} ${r.enterYear}-${r.recruitPartSeq} ${r.korName}`;

const StateField = () => {
    const r = useRecordContext();
    const translate = useTranslate();
    if (!r) return null;
    const c = r.closure as Closure | null;
    if (!c) return <Chip size="small" label={translate('backoffice.closing.open')} data-testid={`closing-state-${r.id}`} />;
    return (
        <Box data-testid={`closing-state-${r.id}`}>
            <Chip size="small" color="error" variant="outlined" label={translate('backoffice.closing.closed')} />
            <Typography variant="body2">{translate('backoffice.closing.closed_by', { at: formatDateTime(c.at), by: c.by })}</Typography>
            <Typography variant="body2" color="text.secondary">{c.reason}</Typography>
        </Box>
    );
};

/** The round's applications by status (the dashboard's counts, no personal data). */
const CountsDialog = ({ record, onClose }: { record: RaRecord; onClose: () => void }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const dataProvider = useDataProvider<BackofficeDataProvider>();
    const round = { schoolCode: record.schoolCode, enterYear: record.enterYear, recruitPartSeq: record.recruitPartSeq };
    const { data, error } = useQuery({
        queryKey: ['getRoundDashboard', round],
        queryFn: () => dataProvider.getRoundDashboard(round),
        retry: false,
    });
    return (
        <Dialog open onClose={onClose} aria-labelledby="closing-counts-title" fullWidth maxWidth="xs">
            <DialogTitle id="closing-counts-title">{translate('backoffice.closing.counts_title', { round: roundTitle(record, locale) })}</DialogTitle>
            <DialogContent data-testid="closing-counts">
                {error && <Alert severity="warning">{error.message}</Alert>}
                {data && (
                    <>
                        <Typography>{translate('backoffice.closing.total', { total: data.total })}</Typography>
                        {APPL_STATUSES.filter(s => data.byStatus[s]).map(s => (
                            <Typography key={s} variant="body2">{translate(`backoffice.status.${s}`)}: {data.byStatus[s]}</Typography>
                        ))}
                    </>
                )}
            </DialogContent>
            <DialogActions><Button onClick={onClose}>{translate('backoffice.closing.dismiss')}</Button></DialogActions>
        </Dialog>
    );
};

/** Close (closing staff, system admin) or reopen (system admin) a round, with a reason. */
const ActDialog = ({ record, act, onClose }: { record: RaRecord; act: 'close' | 'reopen'; onClose: () => void }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<BackofficeDataProvider>();
    const [reason, setReason] = useState('');
    const [error, setError] = useState('');
    const { mutate: submit } = useMutation({
        mutationFn: () => dataProvider.setRoundClosure(record.id, act, reason),
        onSuccess: () => {
            notify(`backoffice.closing.${act}_done`, { type: 'success' });
            refresh();
            onClose();
        },
        onError: e => setError(fieldErrors(e).reason ?? e.message),
    });
    return (
        <Dialog open onClose={onClose} aria-labelledby="closing-act-title" fullWidth maxWidth="sm">
            <DialogTitle id="closing-act-title">{translate(`backoffice.closing.${act}_title`, { round: roundTitle(record, locale) })}</DialogTitle>
            <DialogContent>
                <Typography variant="body2" sx={{ mb: 2 }}>{translate(`backoffice.closing.${act}_note`)}</Typography>
                <TextField label={translate('backoffice.closing.reason')} value={reason} onChange={e => setReason(e.target.value)} required fullWidth multiline
                    error={!!error} helperText={error || ' '} slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'closing-reason' } }} />
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{translate('backoffice.cancel')}</Button>
                <Button variant="contained" color={act === 'close' ? 'error' : 'primary'} onClick={() => submit()} data-testid="closing-submit">
                    {translate(`backoffice.closing.${act}`)}
                </Button>
            </DialogActions>
        </Dialog>
    );
};

const Actions = () => {
    const r = useRecordContext();
    const translate = useTranslate();
    const [open, setOpen] = useState<'' | 'close' | 'reopen' | 'counts'>('');
    if (!r) return null;
    return (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} onClick={e => e.stopPropagation()}>
            <Button size="small" variant="outlined" onClick={() => setOpen('counts')} data-testid={`closing-counts-${r.id}`}>{translate('backoffice.closing.counts')}</Button>
            {!r.closure && <Button size="small" variant="contained" color="error" onClick={() => setOpen('close')} data-testid={`closing-close-${r.id}`}>{translate('backoffice.closing.close')}</Button>}
            {r.closure && r.mayReopen && <Button size="small" variant="outlined" onClick={() => setOpen('reopen')} data-testid={`closing-reopen-${r.id}`}>{translate('backoffice.closing.reopen')}</Button>}
            {open === 'counts' && <CountsDialog record={r} onClose={() => setOpen('')} />}
            {(open === 'close' || open === 'reopen') && <ActDialog record={r} act={open} onClose={() => setOpen('')} />}
        </Stack>
    );
};

/**
 * round/close (closing staff, issue 13): every school's rounds with their
 * applications and state. Closing ends the round's application and payment
 * periods at once; a system admin may reopen it while its periods still run.
 */
export const RoundClosingList = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const isSmall = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    return (
        <>
            <PageHeading title="resources.round-closures.name" />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>{translate('backoffice.closing.intro')}</Typography>
            <List filters={Filters()} sort={{ field: 'id', order: 'ASC' }} perPage={25}
                pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />} exporter={false}>
                {isSmall ? (
                    <SimpleList primaryText={r => roundTitle(r, locale)}
                        secondaryText={() => <><StateField /><Actions /></>} tertiaryText={r => String(r.applications)} rowClick={false} />
                ) : (
                    <DataTable rowClick={false} bulkActionButtons={false} data-testid="closing-table">
                        <DataTable.Col source="id" label="resources.round-closures.fields.round">
                            <FunctionField render={(r: RaRecord) => roundTitle(r, locale)} />
                        </DataTable.Col>
                        <DataTable.Col source="applications" disableSort />
                        <DataTable.Col source="windows" disableSort>
                            <FunctionField render={(r: RaRecord) => windowText(r, translate)} />
                        </DataTable.Col>
                        <DataTable.Col source="closure" disableSort><StateField /></DataTable.Col>
                        <DataTable.Col label="resources.round-closures.fields.actions" disableSort><Actions /></DataTable.Col>
                    </DataTable>
                )}
            </List>
        </>
    );
};

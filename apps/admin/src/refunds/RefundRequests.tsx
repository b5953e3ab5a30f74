import { useState } from 'react';
import {
    Datagrid,
    DateField,
    FunctionField,
    List,
    SelectInput,
    Show,
    TextField,
    TextInput,
    useDataProvider,
    useLocale,
    useNotify,
    useRecordContext,
    useRefresh,
    useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    Chip,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    FormControl,
    FormControlLabel,
    FormLabel,
    Link,
    Radio,
    RadioGroup,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableRow,
    TextField as MuiTextField,
    Tooltip,
    Typography,
} from '@mui/material';
import { PageHeading } from '../components/PageHeading';
import { errorOf } from '../apiErrors';
import { fmtMoney, major, type Money } from '../format';
import type { ApproveInput, RefundDataProvider, RefundRequestRecord } from './methods';
import { SchoolNameField, SchoolSelectInput, useSchoolName } from '../components/SchoolPicker';

const STATES = ['pending', 'approved', 'denied'] as const;

/** The withdrawal-right mark: within 7 days of the payment, with the days counted. */
export const WithdrawalChip = ({ r }: { r: Pick<RefundRequestRecord, 'withinWithdrawal' | 'daysSincePaid'> }) => {
    const translate = useTranslate();
    return (
        <Tooltip title={translate('refunds.within_help')}>
            <Chip
                size="small"
                color={r.withinWithdrawal ? 'warning' : 'default'}
                variant={r.withinWithdrawal ? 'filled' : 'outlined'}
                label={translate(r.withinWithdrawal ? 'refunds.within' : 'refunds.after', { days: r.daysSincePaid })}
                data-testid="withdrawal-chip"
                data-within={r.withinWithdrawal}
            />
        </Tooltip>
    );
};

const StateChip = ({ state }: { state: RefundRequestRecord['state'] }) => {
    const translate = useTranslate();
    const color = state === 'approved' ? 'success' : state === 'denied' ? 'default' : 'primary';
    return <Chip size="small" color={color} label={translate(`refunds.state.${state}`)} data-testid="refund-state" data-state={state} />;
};

const useFilters = () => {
    const translate = useTranslate();
    return [
        <SelectInput key="state" source="state" alwaysOn choices={STATES.map(s => ({ id: s, name: translate(`refunds.state.${s}`) }))} />,
        <SchoolSelectInput key="schoolCode" source="schoolCode" />,
        <TextInput key="applNo" source="applNo" />,
        <TextInput key="paymentId" source="paymentId" />,
    ];
};

/** refund-requests: applicants' refund requests, the pending ones first shown. */
export const RefundRequestList = () => {
    const translate = useTranslate();
    const locale = useLocale();
    return (
        <List
            filters={useFilters()}
            filterDefaultValues={{ state: 'pending' }}
            sort={{ field: 'createdAt', order: 'DESC' }}
            perPage={25}
            title={translate('resources.pay/refund-requests.name')}
            empty={false}
            exporter={false}
        >
            <PageHeading title="resources.pay/refund-requests.name" variant="list" />
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
                {translate('refunds.intro')}
            </Typography>
            <Datagrid rowClick="show" bulkActionButtons={false}>
                <DateField source="createdAt" showTime locales={locale === 'en' ? 'en-GB' : 'ko-KR'} />
                <FunctionField source="applId" sortable={false} render={(r: RefundRequestRecord) => r.applId || `#${r.applNo}`} />
                <TextField source="userId" sortable={false} />
                <SchoolNameField source="schoolCode" sortable={false} />
                <FunctionField source="paid" sortable={false} render={(r: RefundRequestRecord) => fmtMoney(r.paid)} />
                <FunctionField source="withdrawal" sortable={false} render={(r: RefundRequestRecord) => <WithdrawalChip r={r} />} />
                <FunctionField source="state" sortable={false} render={(r: RefundRequestRecord) => <StateChip state={r.state} />} />
            </Datagrid>
        </List>
    );
};

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
    <TableRow>
        <TableCell component="th" scope="row" sx={{ width: '35%' }}>
            {label}
        </TableCell>
        <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{children}</TableCell>
    </TableRow>
);

const minus = (a: Money, amount: number): Money => ({ ...a, amount: Math.max(a.amount - amount, 0) });

/** Parses a typed amount in major units into minor units; NaN when it is not one. */
const minor = (text: string, currency: Money['currency']): number => {
    const t = text.trim().replace(/,/g, '');
    if (!/^\d+(\.\d{1,2})?$/.test(t)) return NaN;
    return currency === 'USD' ? Math.round(parseFloat(t) * 100) : t.includes('.') ? NaN : parseInt(t, 10);
};

/** Approving refunds through the staff refund: the type named (none preselected), confirmed with the amount and what remains. */
const ApproveForm = ({ r, onDone }: { r: RefundRequestRecord; onDone: () => void }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const dataProvider = useDataProvider<RefundDataProvider>();
    const [type, setType] = useState<'' | '00001' | '00003'>('');
    const [amount, setAmount] = useState('');
    const [reason, setReason] = useState('');
    const [note, setNote] = useState('');
    const [fields, setFields] = useState<Record<string, string>>({});
    const [error, setError] = useState('');
    const [confirm, setConfirm] = useState(false);
    const approve = useMutation({
        mutationFn: (input: ApproveInput) => dataProvider.approveRefundRequest(r.id, input),
        onSuccess: () => {
            notify('refunds.approved', { type: 'success' });
            setConfirm(false);
            onDone();
        },
        onError: (e: unknown) => {
            const { message, fields } = errorOf(e);
            setConfirm(false);
            setFields(fields);
            setError(message);
        },
    });
    const refund = type === '00001' ? r.remaining.amount : minor(amount, r.remaining.currency);
    const open = (e: React.FormEvent) => {
        e.preventDefault();
        setError('');
        setFields({});
        if (!type) {
            setFields({ cancelType: translate('refunds.choose_type') });
            return;
        }
        setConfirm(true);
    };
    return (
        <Card variant="outlined" component="form" noValidate onSubmit={open} data-testid="approve-form">
            <CardContent>
                <Typography component="h2" variant="h6" gutterBottom>
                    {translate('refunds.approve_title')}
                </Typography>
                <Stack spacing={2} sx={{ maxWidth: 520 }}>
                    <FormControl error={!!fields.cancelType}>
                        <FormLabel id="refund-type-label">{translate('refunds.cancel_type')}</FormLabel>
                        <RadioGroup row aria-labelledby="refund-type-label" value={type} onChange={e => setType(e.target.value as '00001' | '00003')}>
                            <FormControlLabel value="00001" control={<Radio />} label={translate('refunds.full')} data-testid="type-full" />
                            <FormControlLabel value="00003" control={<Radio />} label={translate('refunds.partial')} data-testid="type-partial" />
                        </RadioGroup>
                        {fields.cancelType && (
                            <Typography variant="caption" color="error">
                                {fields.cancelType}
                            </Typography>
                        )}
                    </FormControl>
                    {type === '00003' && (
                        <MuiTextField
                            label={translate('refunds.amount', { currency: r.remaining.currency })}
                            value={amount}
                            onChange={e => setAmount(e.target.value)}
                            error={!!fields.amount}
                            helperText={fields.amount ?? translate('refunds.max', { max: `${major(r.remaining)} ${r.remaining.currency}` })}
                            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'approve-amount' } }}
                        />
                    )}
                    <MuiTextField
                        label={translate('refunds.answer_label')}
                        value={reason}
                        onChange={e => setReason(e.target.value)}
                        multiline
                        minRows={2}
                        required
                        error={!!fields.reason}
                        helperText={fields.reason ?? translate('refunds.answer_help')}
                        slotProps={{ htmlInput: { 'data-testid': 'approve-reason' } }}
                    />
                    <MuiTextField
                        label={translate('refunds.note_label')}
                        value={note}
                        onChange={e => setNote(e.target.value)}
                        multiline
                        error={!!fields.note}
                        helperText={fields.note}
                    />
                    {error && (
                        <Alert severity="error" role="alert" data-testid="approve-error">
                            {error}
                        </Alert>
                    )}
                    <Box>
                        <Button type="submit" variant="contained" color="error" data-testid="approve-open">
                            {translate('refunds.approve')}
                        </Button>
                    </Box>
                </Stack>
            </CardContent>
            <Dialog open={confirm} onClose={() => setConfirm(false)} aria-labelledby="refund-confirm-title">
                <DialogTitle id="refund-confirm-title">{translate('refunds.confirm_title')}</DialogTitle>
                <DialogContent>
                    <DialogContentText data-testid="confirm-body">
                        {Number.isNaN(refund)
                            ? amount
                            : translate('refunds.confirm_body', { amount: fmtMoney({ ...r.remaining, amount: refund }), rest: fmtMoney(minus(r.remaining, refund)) })}
                    </DialogContentText>
                    {type === '00001' && <DialogContentText sx={{ mt: 1 }}>{translate('refunds.confirm_full')}</DialogContentText>}
                </DialogContent>
                <DialogActions>
                    <Button onClick={() => setConfirm(false)}>{translate('refunds.back')}</Button>
                    <Button
                        color="error"
                        variant="contained"
                        disabled={approve.isPending}
                        data-testid="approve-confirm"
                        onClick={() => type && approve.mutate({ cancelType: type, amount: type === '00003' ? amount : '', reason, note })}
                    >
                        {translate('refunds.confirm')}
                    </Button>
                </DialogActions>
            </Dialog>
        </Card>
    );
};

const DenyForm = ({ r, onDone }: { r: RefundRequestRecord; onDone: () => void }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const dataProvider = useDataProvider<RefundDataProvider>();
    const [reason, setReason] = useState('');
    const [note, setNote] = useState('');
    const [fields, setFields] = useState<Record<string, string>>({});
    const [error, setError] = useState('');
    const deny = useMutation({
        mutationFn: () => dataProvider.denyRefundRequest(r.id, { reason, note }),
        onSuccess: () => {
            notify('refunds.denied', { type: 'success' });
            onDone();
        },
        onError: (e: unknown) => {
            const { message, fields } = errorOf(e);
            setFields(fields);
            setError(message);
        },
    });
    return (
        <Card
            variant="outlined"
            component="form"
            noValidate
            onSubmit={(e: React.FormEvent) => {
                e.preventDefault();
                setError('');
                setFields({});
                deny.mutate();
            }}
            data-testid="deny-form"
        >
            <CardContent>
                <Typography component="h2" variant="h6" gutterBottom>
                    {translate('refunds.deny_title')}
                </Typography>
                <Stack spacing={2} sx={{ maxWidth: 520 }}>
                    <MuiTextField
                        label={translate('refunds.answer_label')}
                        value={reason}
                        onChange={e => setReason(e.target.value)}
                        multiline
                        minRows={2}
                        required
                        error={!!fields.reason}
                        helperText={fields.reason ?? translate('refunds.answer_help')}
                        slotProps={{ htmlInput: { 'data-testid': 'deny-reason' } }}
                    />
                    <MuiTextField label={translate('refunds.note_label')} value={note} onChange={e => setNote(e.target.value)} multiline error={!!fields.note} helperText={fields.note} />
                    {error && (
                        <Alert severity="error" role="alert" data-testid="deny-error">
                            {error}
                        </Alert>
                    )}
                    <Box>
                        <Button type="submit" variant="outlined" disabled={deny.isPending} data-testid="deny-submit">
                            {translate('refunds.deny')}
                        </Button>
                    </Box>
                </Stack>
            </CardContent>
        </Card>
    );
};

const Detail = () => {
    const r = useRecordContext<RefundRequestRecord>();
    const translate = useTranslate();
    const schoolName = useSchoolName();
    const refresh = useRefresh();
    if (!r) return null;
    const f = (k: string) => translate(`resources.pay/refund-requests.fields.${k}`);
    const when = (s: string | null) => (s ? new Date(s).toLocaleString() : '–');
    return (
        <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
            <PageHeading variant="list">{`${translate('resources.pay/refund-requests.name')} #${r.id}`}</PageHeading>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                <StateChip state={r.state} />
                <WithdrawalChip r={r} />
            </Stack>
            <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
                <Table size="small" data-testid="refund-detail">
                    <TableBody>
                        <Row label={f('createdAt')}>{when(r.createdAt)}</Row>
                        <Row label={f('applId')}>
                            {r.applId || '–'} ({r.applNo}) · {r.applicantName || '–'} ({r.userId}) · {schoolName(r.schoolCode)}
                        </Row>
                        <Row label={translate('refunds.app_status')}>{translate(`app.money.app_status.${r.appStatus}`, { _: r.appStatus })}</Row>
                        <Row label={f('paymentId')}>
                            <Link component={RouterLink} to={`/pay/attempts/${encodeURIComponent(r.paymentId)}/show`}>
                                {r.paymentId}
                            </Link>{' '}
                            · {translate(`app.money.pay_type.${r.payType}`, { _: r.payType })}
                        </Row>
                        <Row label={f('paid')}>
                            {fmtMoney(r.paid)} · {translate('refunds.paid_at')} {when(r.paidAt)}
                        </Row>
                        <Row label={translate('refunds.refunded_so_far')}>{fmtMoney(r.refundedSoFar)}</Row>
                        <Row label={translate('refunds.remaining')}>
                            <strong data-testid="refund-remaining">{fmtMoney(r.remaining)}</strong>
                        </Row>
                        <Row label={translate('refunds.reason')}>{r.reason}</Row>
                        {r.refundAccount && (
                            <Row label={translate('refunds.account')}>
                                {r.refundAccount.bank} · {r.refundAccount.accountNo} · {r.refundAccount.holder}
                            </Row>
                        )}
                        {r.state !== 'pending' && (
                            <>
                                <Row label={translate('refunds.decided')}>
                                    {when(r.decidedAt)} · {r.decidedBy}
                                </Row>
                                {r.state === 'approved' && <Row label={translate('refunds.refunded')}>{fmtMoney(r.refunded)}</Row>}
                                <Row label={translate('refunds.answer')}>{r.answer}</Row>
                                {r.note && <Row label={translate('refunds.note')}>{r.note}</Row>}
                            </>
                        )}
                    </TableBody>
                </Table>
            </Box>
            {r.state === 'pending' ? (
                <>
                    <ApproveForm r={r} onDone={refresh} />
                    <DenyForm r={r} onDone={refresh} />
                </>
            ) : (
                <Alert severity="info">{translate('refunds.answered')}</Alert>
            )}
        </Stack>
    );
};

/** One refund request: the withdrawal mark, the payment, and the answer forms while it is pending. */
export const RefundRequestShow = () => (
    <Show component="div">
        <Detail />
    </Show>
);

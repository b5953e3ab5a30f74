import { useState } from 'react';
import {
    Datagrid,
    DateField,
    DateInput,
    FunctionField,
    List,
    SearchInput,
    SelectInput,
    Show,
    TextField,
    TextInput,
    useDataProvider,
    useLocale,
    useNotify,
    usePermissions,
    useRecordContext,
    useRefresh,
    useTranslate,
} from 'react-admin';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    MenuItem,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    TextField as MuiTextField,
    Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { PageHeading } from '../components/PageHeading';
import { errorOf } from '../apiErrors';
import { fmtMoney, type Money } from '../format';
import type { MoneyDataProvider } from './methods';
import { useRequery } from './useRequery';
import { CANCEL_TYPES, refundPreview } from './refundPreview';
import type { Permissions } from '../authProvider';
import { SchoolNameField, SchoolSelectInput } from '../components/SchoolPicker';

export interface AttemptRecord {
    id: string;
    applNo: number;
    applId: string;
    applicantName: string;
    userId: string;
    schoolCode: string;
    appStatus: string;
    provider: string;
    providerOrderId: string;
    txId: string;
    payType: string;
    fee: Money;
    surcharge: Money;
    total: Money;
    paid: Money;
    refunded: Money;
    remaining: Money;
    result: string;
    failReason: string;
    vbank?: { bank: string; accountNo: string; holder: string; due: string };
    createdAt: string;
    paidAt: string | null;
    records?: Array<{ id: number; kind: string; source: string; from: string; to: string; code: string; alert: boolean; at: string; detail?: Record<string, string> }>;
    cancels?: CancelRecord[];
}

export interface CancelRecord {
    id: string;
    paymentId: string;
    applNo: number;
    cancelType: string;
    amount: Money;
    reason: string;
    by: string;
    at: string;
    providerCancelId: string;
    answer: string;
    pending?: boolean;
    refundAccount?: { bank: string; holder: string; accountNo: string } | null;
}

const RESULTS = ['PROCEEDING', 'PAID', 'VBANK_ISSUE', 'TIMEOUT', 'FAILED'];
const PROVIDERS = ['portone', 'paypal', 'testpg', 'manual'];

const useFilters = () => {
    const translate = useTranslate();
    return [
        <SearchInput key="q" source="q" alwaysOn />,
        <TextInput key="applId" source="applId" />,
        <TextInput key="applNo" source="applNo" />,
        <SchoolSelectInput key="schoolCode" source="schoolCode" />,
        <TextInput key="enterYear" source="enterYear" />,
        <SelectInput key="result" source="result" choices={RESULTS.map(r => ({ id: r, name: translate(`app.money.result.${r}`) }))} />,
        <SelectInput key="provider" source="provider" choices={PROVIDERS.map(p => ({ id: p, name: translate(`app.money.provider.${p}`) }))} />,
        <DateInput key="from" source="from" />,
        <DateInput key="to" source="to" />,
        <DateInput key="paidFrom" source="paidFrom" />,
        <DateInput key="paidTo" source="paidTo" />,
    ];
};

/** pay/info: every attempt, newest first. */
export const PayAttemptList = () => {
    const locale = useLocale();
    const translate = useTranslate();
    return (
        <List filters={useFilters()} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} title={translate('app.pages.payInfo')} empty={false} exporter={false}>
            <PageHeading title="app.pages.payInfo" variant="list" />
            <Datagrid rowClick="show" bulkActionButtons={false}>
                <DateField source="createdAt" showTime locales={locale === 'en' ? 'en-GB' : 'ko-KR'} />
                <TextField source="applId" sortable={false} />
                <TextField source="applicantName" sortable={false} />
                <SchoolNameField source="schoolCode" sortable={false} />
                <FunctionField source="payType" sortable={false} render={(r: AttemptRecord) => translate(`app.money.pay_type.${r.payType}`)} />
                <FunctionField source="total" render={(r: AttemptRecord) => fmtMoney(r.total)} />
                <FunctionField source="refunded" sortable={false} render={(r: AttemptRecord) => fmtMoney(r.refunded)} />
                <FunctionField source="result" render={(r: AttemptRecord) => translate(`app.money.result.${r.result}`)} />
                <FunctionField source="provider" sortable={false} render={(r: AttemptRecord) => translate(`app.money.provider.${r.provider}`)} />
            </Datagrid>
        </List>
    );
};

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
    <TableRow>
        <TableCell component="th" scope="row" sx={{ width: '35%' }}>
            {label}
        </TableCell>
        <TableCell>{children}</TableCell>
    </TableRow>
);

const Detail = () => {
    const r = useRecordContext<AttemptRecord>();
    const translate = useTranslate();
    const { permissions } = usePermissions<Permissions>();
    const pages = permissions?.pages ?? [];
    const refresh = useRefresh();
    const { mutate: requery } = useRequery();
    if (!r) return null;
    const t = (k: string) => translate(`resources.pay/attempts.fields.${k}`);
    return (
        <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
            <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
                <Table size="small">
                    <TableBody>
                        <Row label={t('id')}>{r.id}</Row>
                        <Row label={t('applId')}>{r.applId || '–'} ({r.applNo})</Row>
                        <Row label={t('applicantName')}>{r.applicantName} ({r.userId})</Row>
                        <Row label={t('appStatus')}>{translate(`app.money.app_status.${r.appStatus}`, { _: r.appStatus })}</Row>
                        <Row label={t('provider')}>{translate(`app.money.provider.${r.provider}`)} {r.providerOrderId} {r.txId}</Row>
                        <Row label={t('payType')}>{translate(`app.money.pay_type.${r.payType}`)}</Row>
                        <Row label={t('fee')}>{fmtMoney(r.fee)}</Row>
                        {r.surcharge?.amount > 0 && <Row label={t('surcharge')}>{fmtMoney(r.surcharge)}</Row>}
                        <Row label={t('total')}>{fmtMoney(r.total)}</Row>
                        <Row label={t('paid')}>{fmtMoney(r.paid)}</Row>
                        <Row label={t('refunded')}>{fmtMoney(r.refunded)}</Row>
                        <Row label={t('remaining')}>
                            <strong data-testid="remaining">{fmtMoney(r.remaining)}</strong>
                        </Row>
                        <Row label={t('result')}>{translate(`app.money.result.${r.result}`)}</Row>
                        {r.failReason && <Row label={t('failReason')}>{r.failReason}</Row>}
                        {r.vbank && (
                            <Row label={t('vbank')}>
                                {r.vbank.bank} {r.vbank.accountNo} {r.vbank.holder}
                            </Row>
                        )}
                    </TableBody>
                </Table>
            </Box>
            {pages.includes('pay-check') && r.provider !== 'manual' && (
                <Box>
                    <Button variant="outlined" onClick={() => requery(r.id)} data-testid="requery">
                        {translate('app.money.requery')}
                    </Button>
                </Box>
            )}
            {pages.includes('pay/cancel') && r.result === 'PAID' && (r.remaining.amount > 0 || r.appStatus === 'COMPLETE') && <CancelForm record={r} onDone={refresh} />}
            <Typography component="h2" variant="h6">
                {translate('app.money.cancels')}
            </Typography>
            <CancelTable rows={r.cancels ?? []} />
            <Typography component="h2" variant="h6">
                {translate('app.money.history')}
            </Typography>
            <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
                <Table size="small">
                    <TableHead>
                        <TableRow>
                            <TableCell>{translate('app.money.at')}</TableCell>
                            <TableCell>{translate('app.money.kind')}</TableCell>
                            <TableCell>{translate('app.money.change')}</TableCell>
                            <TableCell>{translate('app.money.code')}</TableCell>
                        </TableRow>
                    </TableHead>
                    <TableBody>
                        {(r.records ?? []).map(x => (
                            <TableRow key={x.id} sx={x.alert ? { bgcolor: 'warning.light' } : undefined}>
                                <TableCell>{new Date(x.at).toLocaleString()}</TableCell>
                                <TableCell>
                                    {x.kind} / {x.source}
                                </TableCell>
                                <TableCell>
                                    {x.from} → {x.to}
                                </TableCell>
                                <TableCell>{x.code}</TableCell>
                            </TableRow>
                        ))}
                    </TableBody>
                </Table>
            </Box>
        </Stack>
    );
};

export const ANSWERS = ['pending', 'ok', 'failed'];

/** The provider's answer to a cancel in words, with its cancellation id. */
export const answerText = (translate: (key: string) => string, c: CancelRecord) =>
    `${translate(`app.money.answers.${c.answer || 'none'}`)} ${c.providerCancelId}`.trim();

export const CancelTable = ({ rows }: { rows: CancelRecord[] }) => {
    const translate = useTranslate();
    if (rows.length === 0) return <Typography variant="body2">{translate('app.money.no_cancels')}</Typography>;
    return (
        <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
            <Table size="small" data-testid="cancel-table">
                <TableHead>
                    <TableRow>
                        <TableCell>{translate('app.money.at')}</TableCell>
                        <TableCell>{translate('app.money.cancel_type')}</TableCell>
                        <TableCell>{translate('app.money.amount')}</TableCell>
                        <TableCell>{translate('app.money.reason')}</TableCell>
                        <TableCell>{translate('app.money.by')}</TableCell>
                        <TableCell>{translate('app.money.answer')}</TableCell>
                    </TableRow>
                </TableHead>
                <TableBody>
                    {rows.map(c => (
                        <TableRow key={c.id}>
                            <TableCell>{new Date(c.at).toLocaleString()}</TableCell>
                            <TableCell>{translate(`app.money.cancel.${c.cancelType}`)}</TableCell>
                            <TableCell>{fmtMoney(c.amount)}</TableCell>
                            <TableCell>{c.reason}</TableCell>
                            <TableCell>{c.by}</TableCell>
                            <TableCell>{answerText(translate, c)}</TableCell>
                        </TableRow>
                    ))}
                </TableBody>
            </Table>
        </Box>
    );
};

/**
 * pay/cancel: the cancel type is chosen by name (nothing preselected), and
 * a confirmation shows what is refunded and what remains after it before
 * anything is sent.
 */
export const CancelForm = ({ record, onDone }: { record: AttemptRecord; onDone: () => void }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const dataProvider = useDataProvider<MoneyDataProvider>();
    const [type, setType] = useState('');
    const [amount, setAmount] = useState('');
    const [reason, setReason] = useState('');
    const [bank, setBank] = useState('');
    const [holder, setHolder] = useState('');
    const [accountNo, setAccountNo] = useState('');
    const [fields, setFields] = useState<Record<string, string>>({});
    const [error, setError] = useState('');
    const [confirming, setConfirming] = useState(false);
    const vbank = record.payType === 'vbank' && record.provider !== 'manual' && type !== '00002';
    const preview = refundPreview(type, amount, record.remaining);
    const typeName = type ? translate(`app.money.cancel.${type}`) : '';
    const cancel = useMutation({
        mutationFn: () =>
            dataProvider.cancelPayment({
                id: record.id,
                body: { cancelType: type, amount: type === '00003' ? amount : '', reason, refundAccount: vbank ? { bank, holder, accountNo } : null },
            }),
        onMutate: () => {
            setError('');
            setFields({});
        },
        onSuccess: () => {
            notify('app.money.cancelled', { type: 'success' });
            setType('');
            setAmount('');
            setReason('');
            onDone();
        },
        onError: err => {
            const { message, fields } = errorOf(err);
            setError(message);
            setFields(fields);
        },
        onSettled: () => setConfirming(false),
    });
    const submit = (e: React.FormEvent) => {
        e.preventDefault();
        // What cannot be previewed (no type, no reason, a bad amount) goes to the server, whose answer names the field.
        if (preview && reason.trim()) {
            setError('');
            setFields({});
            setConfirming(true);
        }
        else cancel.mutate();
    };
    return (
        <Card variant="outlined" component="form" onSubmit={submit} data-testid="cancel-form">
            <CardContent>
                <Typography component="h2" variant="h6" gutterBottom>
                    {translate('app.pages.payCancel')}
                </Typography>
                <Stack spacing={2} sx={{ maxWidth: 480 }}>
                    <MuiTextField
                        select
                        label={translate('app.money.cancel_type')}
                        value={type}
                        onChange={e => setType(e.target.value)}
                        name="cancelType"
                        error={!!fields.cancelType}
                        helperText={fields.cancelType ?? (type ? undefined : translate('app.money.choose_cancel_type'))}
                    >
                        {CANCEL_TYPES.map(c => (
                            <MenuItem key={c} value={c}>
                                {translate(`app.money.cancel.${c}`)}
                            </MenuItem>
                        ))}
                    </MuiTextField>
                    {type === '00003' && (
                        <MuiTextField
                            label={`${translate('app.money.amount')} (${record.remaining.currency})`}
                            name="amount"
                            value={amount}
                            onChange={e => setAmount(e.target.value)}
                            inputMode="decimal"
                            error={!!fields.amount}
                            helperText={fields.amount ?? translate('app.money.max', { max: fmtMoney(record.remaining) })}
                        />
                    )}
                    <MuiTextField
                        label={translate('app.money.reason')}
                        name="reason"
                        value={reason}
                        onChange={e => setReason(e.target.value)}
                        multiline
                        minRows={2}
                        error={!!fields.reason}
                        helperText={fields.reason}
                    />
                    {vbank && (
                        <>
                            <MuiTextField label={translate('app.money.bank')} value={bank} onChange={e => setBank(e.target.value)} error={!!fields['refundAccount.bank']} helperText={fields['refundAccount.bank']} />
                            <MuiTextField label={translate('app.money.holder')} value={holder} onChange={e => setHolder(e.target.value)} error={!!fields['refundAccount.holder']} helperText={fields['refundAccount.holder']} />
                            <MuiTextField
                                label={translate('app.money.account_no')}
                                value={accountNo}
                                onChange={e => setAccountNo(e.target.value)}
                                error={!!(fields['refundAccount.accountNo'] || fields.refundAccount)}
                                helperText={fields['refundAccount.accountNo'] ?? fields.refundAccount}
                            />
                        </>
                    )}
                    {error && (
                        <Alert severity="error" role="alert" data-testid="cancel-error">
                            {error}
                        </Alert>
                    )}
                    <Box>
                        <Button type="submit" variant="contained" color="error" disabled={cancel.isPending}>
                            {translate('app.money.do_cancel')}
                        </Button>
                    </Box>
                </Stack>
            </CardContent>
            <Dialog
                open={confirming && !!preview}
                onClose={() => setConfirming(false)}
                aria-labelledby="cancel-confirm-title"
                data-testid="cancel-confirm"
                fullWidth
                maxWidth="sm"
            >
                <DialogTitle id="cancel-confirm-title">{translate('app.money.confirm_cancel.title', { type: typeName })}</DialogTitle>
                {preview && (
                    <DialogContent>
                        <Table size="small">
                            <TableBody>
                                <Row label={translate('resources.pay/attempts.fields.remaining')}>{fmtMoney(record.remaining)}</Row>
                                <Row label={translate('app.money.confirm_cancel.refund')}>
                                    <strong data-testid="confirm-refund">{fmtMoney(preview.refund)}</strong>
                                </Row>
                                <Row label={translate('app.money.confirm_cancel.remaining')}>
                                    <strong data-testid="confirm-remaining">{fmtMoney(preview.after)}</strong>
                                </Row>
                                <Row label={translate('app.money.reason')}>{reason}</Row>
                            </TableBody>
                        </Table>
                        {(type !== '00003' || preview.after.amount === 0) && record.appStatus === 'COMPLETE' && (
                            <DialogContentText sx={{ mt: 2 }}>{translate('app.money.confirm_cancel.cancels_application')}</DialogContentText>
                        )}
                    </DialogContent>
                )}
                <DialogActions>
                    <Button onClick={() => setConfirming(false)} autoFocus>
                        {translate('app.money.confirm_cancel.back')}
                    </Button>
                    <Button color="error" variant="contained" onClick={() => cancel.mutate()} disabled={cancel.isPending} data-testid="confirm-cancel">
                        {translate('app.money.confirm_cancel.go', { type: typeName })}
                    </Button>
                </DialogActions>
            </Dialog>
        </Card>
    );
};

/** pay/info of one payment: the attempt, its history and refunds; sysadmins cancel and re-query here. */
export const PayAttemptShow = () => (
    <Show component="div">
        <Detail />
    </Show>
);

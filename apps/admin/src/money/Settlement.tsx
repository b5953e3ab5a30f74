import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ADMIN_API } from '../dataProvider';
import { errorOf, fmtMoney, get, monthStart, post, today, type Money } from './api';

interface SumRow {
    payType: string;
    currency: string;
    payments: number;
    refunds: number;
    paid: Money;
    refunded: Money;
    providerFees: Money;
    net: Money;
}

interface SettlementBody {
    rows: SumRow[];
    closed?: { by: string; at: string } | null;
    adjustments: SumRow[];
}

const SumTable = ({ rows, testid }: { rows: SumRow[]; testid: string }) => {
    const translate = useTranslate();
    const t = (k: string) => translate(`app.money.settle.${k}`);
    return (
        <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
            <Table size="small" data-testid={testid} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
                <TableHead>
                    <TableRow>
                        <TableCell>{t('currency')}</TableCell>
                        <TableCell>{t('method')}</TableCell>
                        <TableCell align="right">{t('payments')}</TableCell>
                        <TableCell align="right">{t('paid')}</TableCell>
                        <TableCell align="right">{t('fees')}</TableCell>
                        <TableCell align="right">{t('refunds')}</TableCell>
                        <TableCell align="right">{t('refunded')}</TableCell>
                        <TableCell align="right">{t('net')}</TableCell>
                    </TableRow>
                </TableHead>
                <TableBody>
                    {rows.map(r => (
                        <TableRow key={`${r.currency}-${r.payType}`} sx={r.payType ? undefined : { '& td': { fontWeight: 700 } }}>
                            <TableCell>{r.currency}</TableCell>
                            <TableCell>{r.payType ? translate(`app.money.pay_type.${r.payType}`) : t('total')}</TableCell>
                            <TableCell align="right">{r.payments}</TableCell>
                            <TableCell align="right">{fmtMoney(r.paid)}</TableCell>
                            <TableCell align="right">{fmtMoney(r.providerFees)}</TableCell>
                            <TableCell align="right">{r.refunds}</TableCell>
                            <TableCell align="right">{fmtMoney(r.refunded)}</TableCell>
                            <TableCell align="right">{fmtMoney(r.net)}</TableCell>
                        </TableRow>
                    ))}
                </TableBody>
            </Table>
        </Box>
    );
};

/** settlement/list: one school's period, with drill-down, Excel export and closing. */
export const SettlementPage = () => {
    const translate = useTranslate();
    const t = (k: string, o?: object) => translate(`app.money.settle.${k}`, o);
    const [school, setSchool] = useState('');
    const [from, setFrom] = useState(monthStart());
    const [to, setTo] = useState(today());
    const [data, setData] = useState<SettlementBody | null>(null);
    const [error, setError] = useState('');
    const [busy, setBusy] = useState(false);
    const query = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const path = `/settlements/${encodeURIComponent(school)}`;
    const load = async (e?: React.FormEvent) => {
        e?.preventDefault();
        setError('');
        setBusy(true);
        try {
            setData((await get(`${path}?${query}`)) as SettlementBody);
        } catch (err) {
            setData(null);
            setError(errorOf(err).message);
        } finally {
            setBusy(false);
        }
    };
    const close = async () => {
        if (!window.confirm(t('confirm_close'))) return;
        try {
            setData((await post(`${path}/close`, { from, to })) as SettlementBody);
        } catch (err) {
            setError(errorOf(err).message);
        }
    };
    const drill = `/pay/attempts?filter=${encodeURIComponent(JSON.stringify({ schoolCode: school, paidFrom: from, paidTo: to }))}`;
    return (
        <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, maxWidth: '100%', boxSizing: 'border-box' }}>
            <Title title={translate('app.pages.settlement')} />
            <Card>
                <CardContent>
                    <Typography component="h1" variant="h5" gutterBottom>
                        {translate('app.pages.settlement')}
                    </Typography>
                    <Stack component="form" onSubmit={load} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
                        <TextField label={t('school')} name="school" value={school} onChange={e => setSchool(e.target.value.trim())} required />
                        <TextField label={t('from')} type="date" name="from" value={from} onChange={e => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
                        <TextField label={t('to')} type="date" name="to" value={to} onChange={e => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
                        <Button type="submit" variant="contained" disabled={busy || !school}>
                            {t('show')}
                        </Button>
                    </Stack>
                    {error && (
                        <Alert severity="error" role="alert">
                            {error}
                        </Alert>
                    )}
                    {data && (
                        <Stack spacing={2}>
                            {data.rows.length === 0 ? <Typography>{t('empty')}</Typography> : <SumTable rows={data.rows} testid="settlement-rows" />}
                            {data.closed ? (
                                <Alert severity="info">{t('closed', { by: data.closed.by, at: new Date(data.closed.at).toLocaleString() })}</Alert>
                            ) : null}
                            {data.closed && data.adjustments.length > 0 && (
                                <>
                                    <Typography component="h2" variant="h6">
                                        {t('adjustments')}
                                    </Typography>
                                    <SumTable rows={data.adjustments} testid="settlement-adjustments" />
                                </>
                            )}
                            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                                <Button component={Link} to={drill}>
                                    {t('drill')}
                                </Button>
                                <Button component="a" href={`${ADMIN_API}${path}/export?${query}`} download>
                                    {t('export')}
                                </Button>
                                {!data.closed && (
                                    <Button color="warning" onClick={close}>
                                        {t('close')}
                                    </Button>
                                )}
                            </Stack>
                        </Stack>
                    )}
                </CardContent>
            </Card>
        </Box>
    );
};

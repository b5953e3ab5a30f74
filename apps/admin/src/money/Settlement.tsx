import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { Title, useDataProvider, usePermissions, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { errorOf } from '../apiErrors';
import { fmtMoney } from '../format';
import { monthStart, today } from './period';
import { settlementExportUrl, type MoneyDataProvider, type Settlement, type SettlementFeeRule, type SettlementPeriod, type SettlementRow } from './methods';
import type { Permissions } from '../authProvider';
import { PageHeading } from '../components/PageHeading';
import { SchoolRoundPicker, useRoundChoice } from '../components/SchoolPicker';

const SumTable = ({ rows, testid }: { rows: SettlementRow[]; testid: string }) => {
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
                        <TableRow key={`${r.currency}-${r.payType}`} data-paytype={r.payType || 'total'} sx={r.payType ? undefined : { '& td': { fontWeight: 700 } }}>
                            <TableCell>{r.currency}</TableCell>
                            <TableCell>{r.payType ? translate(`app.money.pay_type.${r.payType}`) : t('total')}</TableCell>
                            <TableCell align="right">{r.payments}</TableCell>
                            <TableCell align="right">{fmtMoney(r.paid)}</TableCell>
                            <TableCell align="right">
                                {fmtMoney(r.providerFees)}
                                {r.payType && r.noFeeRule > 0 ? ' *' : ''}
                            </TableCell>
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

/** The fee rules a period used, or that the school has none. */
const FeeRulesUsed = ({ data }: { data: Settlement }) => {
    const translate = useTranslate();
    const { permissions } = usePermissions<Permissions>();
    const t = (k: string, o?: object) => translate(`app.money.settle.${k}`, o);
    const unruled = data.rows.filter(r => r.payType).reduce((n, r) => n + (r.noFeeRule ?? 0), 0);
    const canEdit = (permissions?.pages ?? []).includes('settlement/fee-rules');
    const edit = canEdit ? (
        <Button size="small" component={Link} to={`/fee-rules?filter=${encodeURIComponent(JSON.stringify({ schoolCode: data.school }))}`}>
            {t('edit_rules')}
        </Button>
    ) : null;
    if (!data.feeRulesSet) {
        return (
            <Alert severity="warning" data-testid="no-fee-rules" action={edit}>
                {t('no_fee_rules')}
            </Alert>
        );
    }
    const rule = (r: SettlementFeeRule) => {
        const parts = [];
        if (r.rate !== '0') parts.push(`${r.rate}%`);
        if (r.fixed.amount > 0 || r.rate === '0') parts.push(fmtMoney(r.fixed));
        return `${translate(`resources.fee-rules.method.${r.method}`)} ${parts.join(' + ')} (${r.effectiveFrom}~)`;
    };
    return (
        <Stack spacing={1}>
            {unruled > 0 && (
                <Alert severity="warning" data-testid="no-fee-rule-rows">
                    {t('no_fee_rule_rows', { count: unruled, smart_count: unruled })}
                </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" component="span">
                    {t('rules_used')}:
                </Typography>
                <Typography variant="body2" component="span" data-testid="fee-rules-used">
                    {data.feeRules.map(rule).join(' · ')}
                </Typography>
                {edit}
            </Stack>
        </Stack>
    );
};

/** settlement/list: one school's period, with drill-down, Excel export and closing. */
export const SettlementPage = () => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<MoneyDataProvider>();
    const t = (k: string, o?: object) => translate(`app.money.settle.${k}`, o);
    const choice = useRoundChoice();
    const school = choice.schoolCode;
    const [from, setFrom] = useState(monthStart());
    const [to, setTo] = useState(today());
    const [data, setData] = useState<Settlement | null>(null);
    const [error, setError] = useState('');
    const period: SettlementPeriod = { school, from, to };
    const load = useMutation({
        mutationFn: (p: SettlementPeriod) => dataProvider.getSettlement(p),
        onMutate: () => setError(''),
        onSuccess: setData,
        onError: err => {
            setData(null);
            setError(errorOf(err).message);
        },
    });
    const close = useMutation({
        mutationFn: (p: SettlementPeriod) => dataProvider.closeSettlement(p),
        onSuccess: setData,
        onError: err => setError(errorOf(err).message),
    });
    const submit = (e: React.FormEvent) => {
        e.preventDefault();
        load.mutate(period);
    };
    const drill = `/pay/attempts?filter=${encodeURIComponent(JSON.stringify({ schoolCode: school, paidFrom: from, paidTo: to }))}`;
    return (
        <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0, maxWidth: '100%', boxSizing: 'border-box' }}>
            <Title title={translate('app.pages.settlement')} />
            <Card>
                <CardContent>
                    <PageHeading title="app.pages.settlement" variant="page" />
                    <Stack component="form" onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
                        <SchoolRoundPicker choice={choice} testid="settle" withRound={false} />
                        <TextField label={t('from')} type="date" name="from" value={from} onChange={e => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
                        <TextField label={t('to')} type="date" name="to" value={to} onChange={e => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
                        <Button type="submit" variant="contained" disabled={load.isPending || !school}>
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
                            <FeeRulesUsed data={data} />
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
                                <Button component="a" href={settlementExportUrl({ school: data.school, from, to })} download>
                                    {t('export')}
                                </Button>
                                {!data.closed && (
                                    <Button
                                        color="warning"
                                        disabled={close.isPending}
                                        onClick={() => {
                                            if (window.confirm(t('confirm_close'))) close.mutate(period);
                                        }}
                                    >
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

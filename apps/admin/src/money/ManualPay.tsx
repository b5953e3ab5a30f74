import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { errorOf } from '../apiErrors';
import type { MoneyDataProvider } from './methods';
import { PageHeading } from '../components/PageHeading';

/** manual-pay: money received outside the gateways completes an application like a gateway payment. */
export const ManualPay = () => {
    const translate = useTranslate();
    const t = (k: string, o?: object) => translate(`app.money.manual.${k}`, o);
    const [applNo, setApplNo] = useState('');
    const [method, setMethod] = useState('transfer');
    const [reason, setReason] = useState('');
    const [evidence, setEvidence] = useState('');
    const [fields, setFields] = useState<Record<string, string>>({});
    const [error, setError] = useState('');
    const dataProvider = useDataProvider<MoneyDataProvider>();
    const pay = useMutation({
        mutationFn: () => dataProvider.manualPay(applNo, { method, reason, evidence }),
        onError: err => {
            const x = errorOf(err);
            setError(x.message);
            setFields(x.fields);
        },
    });
    const done = pay.data ?? null;
    const busy = pay.isPending;
    const submit = (e: React.FormEvent) => {
        e.preventDefault();
        setError('');
        setFields({});
        pay.reset();
        if (!/^\d+$/.test(applNo)) {
            setFields({ applNo: t('appl_no_invalid') });
            return;
        }
        pay.mutate();
    };
    return (
        <Box sx={{ p: { xs: 1, sm: 2 } }}>
            <Title title={translate('app.pages.manualPay')} />
            <Card component="form" onSubmit={submit} data-testid="manual-pay">
                <CardContent>
                    <PageHeading title="app.pages.manualPay" variant="page" />
                    <Typography variant="body2" sx={{ mb: 2 }}>
                        {t('intro')}
                    </Typography>
                    <Stack spacing={2} sx={{ maxWidth: 480 }}>
                        <TextField label={t('appl_no')} name="applNo" value={applNo} onChange={e => setApplNo(e.target.value.trim())} inputMode="numeric" error={!!fields.applNo} helperText={fields.applNo} />
                        <TextField select label={t('method')} name="method" value={method} onChange={e => setMethod(e.target.value)} error={!!fields.method} helperText={fields.method}>
                            <MenuItem value="transfer">{t('transfer')}</MenuItem>
                            <MenuItem value="waiver">{t('waiver')}</MenuItem>
                        </TextField>
                        <TextField label={translate('app.money.reason')} name="reason" value={reason} onChange={e => setReason(e.target.value)} multiline minRows={2} error={!!fields.reason} helperText={fields.reason} />
                        <TextField label={t('evidence')} name="evidence" value={evidence} onChange={e => setEvidence(e.target.value)} error={!!fields.evidence} helperText={fields.evidence ?? t('evidence_hint')} />
                        {error && (
                            <Alert severity="error" role="alert">
                                {error}
                            </Alert>
                        )}
                        {done && (
                            <Alert severity="success" data-testid="manual-done">
                                {t('done', { applId: done.applId })} <Link to={`/pay/attempts/${encodeURIComponent(done.id)}/show`}>{done.id}</Link>
                            </Alert>
                        )}
                        <Box>
                            <Button type="submit" variant="contained" disabled={busy}>
                                {t('submit')}
                            </Button>
                        </Box>
                    </Stack>
                </CardContent>
            </Card>
        </Box>
    );
};

/** pay/cancel: find a payment by its id, then cancel on its page. */
export const PayCancelPage = () => {
    const translate = useTranslate();
    const [id, setId] = useState('');
    return (
        <Box sx={{ p: { xs: 1, sm: 2 } }}>
            <Title title={translate('app.pages.payCancel')} />
            <Card>
                <CardContent>
                    <PageHeading title="app.pages.payCancel" variant="page" />
                    <Typography variant="body2" sx={{ mb: 2 }}>
                        {translate('app.money.cancel_intro')}
                    </Typography>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                        <TextField label={translate('resources.pay/attempts.fields.id')} value={id} onChange={e => setId(e.target.value.trim())} />
                        <Button variant="contained" component={Link} to={`/pay/attempts/${encodeURIComponent(id)}/show`} disabled={!id}>
                            {translate('app.money.open')}
                        </Button>
                        <Button component={Link} to="/pay/attempts">
                            {translate('app.pages.payInfo')}
                        </Button>
                    </Stack>
                </CardContent>
            </Card>
        </Box>
    );
};

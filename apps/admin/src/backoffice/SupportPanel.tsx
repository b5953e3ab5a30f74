import { useState, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorOf } from '../apiErrors';
import { formatDateTime } from '../format';
import type { BackofficeDataProvider, MemberMail } from './methods';

/** user/management/update?userId=...: the seed's link to one member opens that member's page. */
export const MemberUpdateRedirect = () => {
    const [params] = useSearchParams();
    const userId = params.get('userId')?.trim();
    return <Navigate to={userId ? `/members/${encodeURIComponent(userId)}/show` : '/members'} replace />;
};

const Section = ({ title, children, testid }: { title: string; children: ReactNode; testid: string }) => (
    <Box sx={{ mb: 3 }} data-testid={testid}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>{title}</Typography>
        {children}
    </Box>
);

type Pending = { text: string; run: () => Promise<unknown>; prefix: string; done: string };

/** The mail's kind by its name, never the raw kind. */
export const mailKindName = (translate: (k: string, o?: object) => string, kind: string) =>
    translate(`backoffice.support.kinds.${kind}`, { _: translate('backoffice.support.other_kind') });

/**
 * The support tools on a member's page (issue 23, system admin): sign-in
 * lock, address correction, phone and language, and the mails sent. Each
 * action asks for a reason and a confirmation; the server's field errors
 * show on their fields.
 */
export const SupportPanel = () => {
    const record = useRecordContext<RaRecord>();
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<BackofficeDataProvider>();
    const [email, setEmail] = useState('');
    const [emailReason, setEmailReason] = useState('');
    const [unlockReason, setUnlockReason] = useState('');
    const [phone, setPhone] = useState<string | null>(null);
    const [locale, setLocale] = useState<string | null>(null);
    const [detailsReason, setDetailsReason] = useState('');
    const [resendReason, setResendReason] = useState('');
    const [errors, setErrors] = useState<Record<string, string>>({});
    const [pending, setPending] = useState<Pending | null>(null);
    const id = record?.id;
    const mails = useQuery({
        queryKey: ['member-mails', id],
        queryFn: () => dataProvider.getMemberMails(id as string),
        enabled: id !== undefined,
    });
    const { mutate, isPending } = useMutation({
        mutationFn: (p: Pending) => p.run(),
        onSuccess: (_, p) => {
            notify(p.done, { type: 'success' });
            setErrors({});
            if (p.prefix === 'e') { setEmail(''); setEmailReason(''); }
            if (p.prefix === 'u') setUnlockReason('');
            if (p.prefix === 'd') { setDetailsReason(''); setPhone(null); setLocale(null); }
            if (p.prefix.startsWith('m')) setResendReason('');
            void queryClient.invalidateQueries({ queryKey: ['member-mails', id] });
            refresh();
        },
        onError: (e, p) => {
            const { message, fields } = errorOf(e);
            const prefix = p.prefix.startsWith('m') ? 'm' : p.prefix;
            setErrors(Object.keys(fields).length ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}.${k}`, v])) : { [`${prefix}._`]: message });
        },
    });
    if (!record || record.status === 'WITHDRAW') return null;
    const userId = String(record.userId);
    const err = (k: string) => errors[k];
    const phoneValue = phone ?? String(record.phone ?? '');
    const localeValue = locale ?? (record.locale === 'en' ? 'en' : 'ko');
    const ask = (p: Pending) => setPending(p);
    const reasonField = (value: string, set: (v: string) => void, prefix: string, testid: string) => (
        <TextField size="small" fullWidth label={translate('backoffice.support.reason')} value={value} onChange={e => set(e.target.value)}
            error={!!err(`${prefix}.reason`)} helperText={err(`${prefix}.reason`) || ' '}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': testid } }} />
    );
    const failures = Number(record.loginFailures ?? 0);
    return (
        <Card variant="outlined" sx={{ mb: 2 }} data-testid="support-panel">
            <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>{translate('backoffice.support.title')}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('backoffice.support.intro')}</Typography>

                <Section title={translate('backoffice.support.lock_title')} testid="support-lock">
                    <Alert severity={record.loginLocked ? 'warning' : 'info'} sx={{ mb: 1 }} data-testid="support-lock-state">
                        {translate(record.loginLocked ? 'backoffice.support.locked' : 'backoffice.support.failures', { count: failures })}
                    </Alert>
                    {failures > 0 && (
                        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
                            {reasonField(unlockReason, setUnlockReason, 'u', 'support-unlock-reason')}
                            <Button variant="contained" disabled={isPending} data-testid="support-unlock"
                                onClick={() => ask({ text: translate('backoffice.support.unlock_confirm', { userId }), prefix: 'u', done: 'backoffice.support.unlocked',
                                    run: () => dataProvider.unlockMember(record.id, { reason: unlockReason }) })}>
                                {translate('backoffice.support.unlock')}
                            </Button>
                        </Stack>
                    )}
                    {err('u._') && <Alert severity="error">{err('u._')}</Alert>}
                </Section>

                <Section title={translate('backoffice.support.email_title')} testid="support-email">
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('backoffice.support.email_intro')}</Typography>
                    <TextField size="small" fullWidth type="email" label={translate('backoffice.support.email')} value={email} onChange={e => setEmail(e.target.value)}
                        error={!!err('e.email')} helperText={err('e.email') || ' '} slotProps={{ htmlInput: { 'data-testid': 'support-email-input' } }} />
                    {reasonField(emailReason, setEmailReason, 'e', 'support-email-reason')}
                    {err('e._') && <Alert severity="error" sx={{ mb: 1 }}>{err('e._')}</Alert>}
                    <Button variant="contained" disabled={isPending} data-testid="support-email-save"
                        onClick={() => ask({ text: translate('backoffice.support.email_confirm', { userId, email: email.trim() }), prefix: 'e', done: 'backoffice.support.email_done',
                            run: () => dataProvider.correctMemberEmail(record.id, { email, reason: emailReason }) })}>
                        {translate('backoffice.support.email_save')}
                    </Button>
                </Section>

                <Section title={translate('backoffice.support.details_title')} testid="support-details">
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                        <TextField size="small" label={translate('backoffice.support.phone')} value={phoneValue} onChange={e => setPhone(e.target.value)}
                            error={!!err('d.phone')} helperText={err('d.phone') || ' '} slotProps={{ htmlInput: { 'data-testid': 'support-phone' } }} />
                        <TextField select size="small" label={translate('backoffice.support.locale')} value={localeValue} onChange={e => setLocale(e.target.value)}
                            error={!!err('d.locale')} helperText={err('d.locale') || ' '} sx={{ minWidth: 160 }}>
                            {['ko', 'en'].map(l => <MenuItem key={l} value={l}>{translate(`backoffice.support.locales.${l}`)}</MenuItem>)}
                        </TextField>
                    </Stack>
                    {reasonField(detailsReason, setDetailsReason, 'd', 'support-details-reason')}
                    {err('d._') && <Alert severity="error" sx={{ mb: 1 }}>{err('d._')}</Alert>}
                    <Button variant="outlined" disabled={isPending} data-testid="support-details-save"
                        onClick={() => ask({ text: translate('backoffice.support.details_confirm', { userId }), prefix: 'd', done: 'backoffice.support.details_done',
                            run: () => dataProvider.correctMemberDetails(record.id, { phone: phoneValue, locale: localeValue, reason: detailsReason }) })}>
                        {translate('backoffice.support.details_save')}
                    </Button>
                </Section>

                <Section title={translate('backoffice.support.mails_title')} testid="support-mails">
                    {mails.isError && <Alert severity="error">{errorOf(mails.error).message}</Alert>}
                    {mails.data && mails.data.length === 0 && <Typography variant="body2">{translate('backoffice.support.mails_empty')}</Typography>}
                    {mails.data && mails.data.length > 0 && (
                        <>
                            {reasonField(resendReason, setResendReason, 'm', 'support-resend-reason')}
                            {err('m._') && <Alert severity="error" sx={{ mb: 1 }}>{err('m._')}</Alert>}
                            <Box sx={{ overflowX: 'auto' }}>
                                <Table size="small">
                                    <TableHead>
                                        <TableRow>
                                            <TableCell>{translate('backoffice.support.mail_kind')}</TableCell>
                                            <TableCell>{translate('backoffice.support.mail_to')}</TableCell>
                                            <TableCell>{translate('backoffice.support.mail_at')}</TableCell>
                                            <TableCell>{translate('backoffice.support.mail_state')}</TableCell>
                                            <TableCell><Box component="span" sx={visuallyHidden}>{translate('backoffice.support.resend')}</Box></TableCell>
                                        </TableRow>
                                    </TableHead>
                                    <TableBody>
                                        {mails.data.map((m: MemberMail) => {
                                            const kind = mailKindName(translate, m.kind);
                                            return (
                                                <TableRow key={m.id} data-testid="support-mail-row">
                                                    <TableCell>{kind}</TableCell>
                                                    <TableCell>{m.to}</TableCell>
                                                    <TableCell>{formatDateTime(m.createdAt)}</TableCell>
                                                    <TableCell>{translate(`backoffice.support.states.${m.state}`, { attempts: m.attempts })}</TableCell>
                                                    <TableCell>
                                                        {m.resendable && (
                                                            <Button size="small" disabled={isPending} data-testid="support-resend"
                                                                onClick={() => ask({ text: translate('backoffice.support.resend_confirm', { kind, to: m.to }), prefix: `m${m.id}`, done: 'backoffice.support.resent',
                                                                    run: () => dataProvider.resendMemberMail(record.id, m.id, { reason: resendReason }) })}>
                                                                {translate('backoffice.support.resend')}
                                                            </Button>
                                                        )}
                                                    </TableCell>
                                                </TableRow>
                                            );
                                        })}
                                    </TableBody>
                                </Table>
                            </Box>
                        </>
                    )}
                </Section>

                <Confirm isOpen={pending !== null} title={translate('backoffice.support.confirm_title')} content={pending?.text ?? ''}
                    onConfirm={() => { if (pending) mutate(pending); setPending(null); }} onClose={() => setPending(null)} />
            </CardContent>
        </Card>
    );
};

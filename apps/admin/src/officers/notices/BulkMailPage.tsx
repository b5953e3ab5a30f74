import { useState } from 'react';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    Chip,
    CircularProgress,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    LinearProgress,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import { Form, ResourceContextProvider, SaveButton, SelectInput, TextInput, Title, useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import { visuallyHidden } from '@mui/utils';
import { useFormState } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PageHeading } from '../../components/PageHeading';
import { SchoolRoundPicker, useRoundChoice } from '../../components/SchoolPicker';
import type { RoundChoice } from '../../components/pickerMethods';
import { APPL_STATUSES } from '../../backoffice/status';
import { errorOf, nestFieldErrors } from '../../apiErrors';
import { formatDateTime } from '../../format';
import { DECISION_KINDS } from '../decisions/methods';
import type { BulkMailProgress, BulkMailRecord, LetterBody, MailPreview, NoticesDataProvider } from './methods';

/** The compose form's values: named as the server names its fields. */
interface LetterValues {
    status: string;
    decision: string;
    subjectKo: string;
    subjectEn: string;
    bodyKo: string;
    bodyEn: string;
}

const toValues = (m?: BulkMailRecord | null): LetterValues => ({
    status: m?.filter.status ?? '',
    decision: m?.filter.decision ?? '',
    subjectKo: m?.subject.ko ?? '',
    subjectEn: m?.subject.en ?? '',
    bodyKo: m?.body.ko ?? '',
    bodyEn: m?.body.en ?? '',
});

export const toLetter = (v: LetterValues): LetterBody => ({
    filter: { status: v.status ?? '', decision: (v.decision ?? '') as LetterBody['filter']['decision'] },
    subject: { ko: v.subjectKo ?? '', en: v.subjectEn ?? '' },
    body: { ko: v.bodyKo ?? '', en: v.bodyEn ?? '' },
});

/** bulk-mail: write to a round's applicants (by status and decision), preview, send, follow. */
export const BulkMailPage = () => {
    const translate = useTranslate();
    const choice = useRoundChoice();
    return (
        <Box sx={{ mt: 2, display: 'grid', gap: 2 }} data-testid="bulk-mail-page">
            <Title title={translate('app.pages.bulkMail')} />
            <Card>
                <CardContent>
                    <PageHeading title="app.pages.bulkMail" variant="page" />
                    <Typography variant="body2" color="text.secondary">
                        {translate('officers.mail.intro')}
                    </Typography>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
                        <SchoolRoundPicker choice={choice} testid="mail" />
                    </Stack>
                    {!choice.loading && !choice.round && (
                        <Typography variant="body2" sx={{ mt: 2 }}>
                            {translate('officers.choose_round')}
                        </Typography>
                    )}
                </CardContent>
            </Card>
            {choice.round && <RoundMail key={choice.round.id} round={choice.round} />}
        </Box>
    );
};

const RoundMail = ({ round }: { round: RoundChoice }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<NoticesDataProvider>();
    const [openId, setOpenId] = useState<number | null>(null);
    // A new compose form for each mail opened or started (the form keeps its preview while it is saved).
    const [session, setSession] = useState(0);
    const show = (id: number | null) => {
        setOpenId(id);
        setSession(n => n + 1);
    };
    const mails = useQuery({
        queryKey: ['bulk-mail', 'list', round.id],
        queryFn: () => dataProvider.getBulkMails(round.id),
        retry: false,
        // A mail being sent shows its state as it changes.
        refetchInterval: q => (q.state.data?.some(m => m.state === 'sending') ? 3000 : false),
    });
    const open = useQuery({
        queryKey: ['bulk-mail', 'one', openId],
        queryFn: () => dataProvider.getBulkMail(openId as number),
        enabled: openId !== null,
        retry: false,
        refetchInterval: q => (q.state.data?.state === 'sending' ? 3000 : false),
    });
    const mail = openId !== null ? open.data : null;
    return (
        <>
            {mail && mail.state !== 'draft' ? (
                <MailProgressCard mail={mail} onNew={() => show(null)} />
            ) : openId !== null && !mail ? (
                <CircularProgress aria-label={translate('ra.page.loading')} />
            ) : (
                <ComposeCard key={session} roundId={round.id} draft={mail ?? null} onSaved={setOpenId} onNew={() => show(null)} />
            )}
            <Card component="section" aria-labelledby="mail-history-title">
                <CardContent>
                    <Typography id="mail-history-title" component="h2" variant="h6" gutterBottom>
                        {translate('officers.mail.history')}
                    </Typography>
                    {mails.error && <Alert severity="error">{mails.error.message}</Alert>}
                    {mails.data && mails.data.length === 0 && <Typography variant="body2">{translate('officers.mail.none')}</Typography>}
                    {mails.data && mails.data.length > 0 && <MailHistory mails={mails.data} onOpen={show} />}
                </CardContent>
            </Card>
        </>
    );
};

/** Who a mail goes to, by name. */
const useFilterText = () => {
    const translate = useTranslate();
    return (m: BulkMailRecord) =>
        translate('officers.mail.filter_text', {
            status: m.filter.status ? translate(`backoffice.status.${m.filter.status}`) : translate('officers.mail.any'),
            decision: m.filter.decision ? translate(`officers.decisions.kind.${m.filter.decision}`) : translate('officers.mail.any'),
        });
};

const MailHistory = ({ mails, onOpen }: { mails: BulkMailRecord[]; onOpen: (id: number) => void }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const filterText = useFilterText();
    return (
        <TableContainer>
            <Table size="small" data-testid="mail-history">
                <TableHead>
                    <TableRow>
                        <TableCell>{translate('officers.mail.col.created')}</TableCell>
                        <TableCell>{translate('officers.mail.col.subject')}</TableCell>
                        <TableCell>{translate('officers.mail.col.filter')}</TableCell>
                        <TableCell>{translate('officers.mail.col.state')}</TableCell>
                        <TableCell>{translate('officers.mail.col.sent_at')}</TableCell>
                        <TableCell>
                            <Box component="span" sx={visuallyHidden}>
                                {translate('officers.mail.open')}
                            </Box>
                        </TableCell>
                    </TableRow>
                </TableHead>
                <TableBody>
                    {mails.map(m => (
                        <TableRow key={m.id} data-testid={`mail-row-${m.id}`} data-state={m.state}>
                            <TableCell>{formatDateTime(m.createdAt)}</TableCell>
                            <TableCell>{locale === 'en' ? m.subject.en : m.subject.ko}</TableCell>
                            <TableCell>{filterText(m)}</TableCell>
                            <TableCell>{translate(`officers.mail.state.${m.state}`)}</TableCell>
                            <TableCell>{formatDateTime(m.sentAt)}</TableCell>
                            <TableCell>
                                <Button size="small" onClick={() => onOpen(m.id)} aria-label={`${translate('officers.mail.open')}: ${locale === 'en' ? m.subject.en : m.subject.ko}`}>
                                    {translate('officers.mail.open')}
                                </Button>
                            </TableCell>
                        </TableRow>
                    ))}
                </TableBody>
            </Table>
        </TableContainer>
    );
};

const long = { multiline: true, minRows: 5, fullWidth: true } as const;

/** Writes a new mail or edits a draft; saving shows the server's preview, from which it is sent. */
const ComposeCard = ({
    roundId,
    draft,
    onSaved,
    onNew,
}: {
    roundId: string;
    draft: BulkMailRecord | null;
    onSaved: (id: number) => void;
    onNew: () => void;
}) => {
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<NoticesDataProvider>();
    const [preview, setPreview] = useState<MailPreview | null>(null);
    const [saved, setSaved] = useState<BulkMailRecord | null>(draft);
    const submit = async (values: Record<string, unknown>) => {
        const letter = toLetter(values as unknown as LetterValues);
        try {
            const m = saved ? await dataProvider.editBulkMail(saved.id, letter) : await dataProvider.composeBulkMail(roundId, letter);
            const p = await dataProvider.previewBulkMail(m.id);
            setSaved(m);
            setPreview(p);
            queryClient.setQueryData(['bulk-mail', 'one', m.id], { ...m, recipients: p.recipients, sent: 0 });
            notify('officers.mail.saved', { type: 'info' });
            await queryClient.invalidateQueries({ queryKey: ['bulk-mail', 'list', roundId] });
            onSaved(m.id);
            return undefined;
        } catch (e) {
            const { message, fields } = errorOf(e);
            notify(message, { type: 'error' });
            return nestFieldErrors(fields);
        }
    };
    const statusChoices = APPL_STATUSES.map(s => ({ id: s, name: translate(`backoffice.status.${s}`) }));
    const decisionChoices = DECISION_KINDS.map(k => ({ id: k, name: translate(`officers.decisions.kind.${k}`) }));
    return (
        <Card component="section" aria-labelledby="compose-title" data-testid="mail-compose">
            <CardContent>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
                    <Typography id="compose-title" component="h2" variant="h6">
                        {saved ? translate('officers.mail.editing', { id: saved.id }) : translate('officers.mail.compose')}
                    </Typography>
                    {saved && (
                        <Button size="small" onClick={onNew} data-testid="mail-new">
                            {translate('officers.mail.new')}
                        </Button>
                    )}
                </Stack>
                <ResourceContextProvider value="bulk-mails">
                    <Form record={toValues(saved)} onSubmit={submit} key={saved ? JSON.stringify(saved) : 'new'}>
                        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                            <SelectInput
                                source="status"
                                label="officers.mail.status"
                                choices={statusChoices}
                                translateChoice={false}
                                emptyText="officers.mail.any"
                                emptyValue=""
                                sx={{ minWidth: 220 }}
                            />
                            <SelectInput
                                source="decision"
                                label="officers.mail.decision"
                                choices={decisionChoices}
                                translateChoice={false}
                                emptyText="officers.mail.any"
                                emptyValue=""
                                sx={{ minWidth: 220 }}
                            />
                        </Stack>
                        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ width: '100%' }}>
                            <Box sx={{ flex: 1 }}>
                                <TextInput source="subjectKo" label="officers.mail.subjectKo" fullWidth />
                                <TextInput source="bodyKo" label="officers.mail.bodyKo" {...long} />
                            </Box>
                            <Box sx={{ flex: 1 }}>
                                <TextInput source="subjectEn" label="officers.mail.subjectEn" fullWidth />
                                <TextInput source="bodyEn" label="officers.mail.bodyEn" {...long} />
                            </Box>
                        </Stack>
                        <SaveButton label="officers.mail.preview" alwaysEnable data-testid="mail-preview" icon={<span />} />
                        {preview && saved && <PreviewPanel preview={preview} mailId={saved.id} />}
                    </Form>
                </ResourceContextProvider>
            </CardContent>
        </Card>
    );
};

/** The server's rendering in ko and en, the recipients now, and sending (asked first). */
const PreviewPanel = ({ preview, mailId }: { preview: MailPreview; mailId: number }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<NoticesDataProvider>();
    const { isDirty } = useFormState();
    const [asking, setAsking] = useState(false);
    const [busy, setBusy] = useState(false);
    const send = async () => {
        setBusy(true);
        try {
            const m = await dataProvider.sendBulkMail(mailId);
            notify('officers.mail.sent', { type: 'info' });
            queryClient.setQueryData(['bulk-mail', 'one', mailId], m);
            await queryClient.invalidateQueries({ queryKey: ['bulk-mail'] });
        } catch (e) {
            notify(errorOf(e).message, { type: 'error' });
        } finally {
            setBusy(false);
            setAsking(false);
        }
    };
    return (
        <Box sx={{ mt: 3, width: '100%' }} data-testid="mail-preview-panel">
            <Typography component="h3" variant="subtitle1" gutterBottom>
                {translate('officers.mail.preview_title')}
            </Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                {(['ko', 'en'] as const).map(lang => (
                    <Box key={lang} sx={{ flex: 1, border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }} data-testid={`mail-preview-${lang}`} lang={lang}>
                        <Typography variant="caption" color="text.secondary">
                            {translate(`officers.mail.preview_${lang}`)}
                        </Typography>
                        <Typography variant="subtitle2" sx={{ mt: 1 }}>
                            {preview[lang].subject}
                        </Typography>
                        <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>
                            {preview[lang].text}
                        </Typography>
                    </Box>
                ))}
            </Stack>
            <Typography variant="body1" sx={{ mt: 2 }} data-testid="mail-recipients" data-count={preview.recipients}>
                {translate('officers.mail.recipients', { count: preview.recipients })}
            </Typography>
            <Button variant="contained" sx={{ mt: 1 }} disabled={isDirty || busy || preview.recipients === 0} onClick={() => setAsking(true)} data-testid="mail-send">
                {translate('officers.mail.send')}
            </Button>
            {asking && (
                <Dialog open onClose={() => setAsking(false)} aria-labelledby="mail-confirm-title" data-testid="mail-confirm">
                    <DialogTitle id="mail-confirm-title">{translate('officers.mail.confirm_title')}</DialogTitle>
                    <DialogContent>
                        <DialogContentText data-testid="mail-confirm-body">{translate('officers.mail.confirm_body', { count: preview.recipients })}</DialogContentText>
                    </DialogContent>
                    <DialogActions>
                        <Button onClick={() => setAsking(false)}>{translate('officers.mail.cancel')}</Button>
                        <Button variant="contained" disabled={busy} onClick={send} data-testid="mail-confirm-send">
                            {translate('officers.mail.confirm')}
                        </Button>
                    </DialogActions>
                </Dialog>
            )}
        </Box>
    );
};

/** A mail sent or being sent: its progress, read again every few seconds while sending. */
const MailProgressCard = ({ mail, onNew }: { mail: BulkMailProgress; onNew: () => void }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const filterText = useFilterText();
    const { sent, recipients } = mail;
    return (
        <Card component="section" aria-labelledby="progress-title" data-testid="mail-progress" data-state={mail.state} data-sent={sent} data-recipients={recipients}>
            <CardContent>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
                    <Typography id="progress-title" component="h2" variant="h6">
                        {locale === 'en' ? mail.subject.en : mail.subject.ko}
                    </Typography>
                    <Chip size="small" label={translate(`officers.mail.state.${mail.state}`)} color={mail.state === 'done' ? 'success' : 'default'} />
                    <Button size="small" onClick={onNew} data-testid="mail-new">
                        {translate('officers.mail.new')}
                    </Button>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                    {filterText(mail)}
                </Typography>
                <Typography variant="body1" sx={{ mt: 1 }}>
                    {translate('officers.mail.progress', { sent, recipients })}
                </Typography>
                <LinearProgress
                    variant="determinate"
                    value={recipients ? (100 * sent) / recipients : 100}
                    sx={{ my: 1, maxWidth: 480 }}
                    aria-label={translate('officers.mail.progress', { sent, recipients })}
                />
                <Typography variant="body2" color="text.secondary">
                    {translate(mail.state === 'done' ? 'officers.mail.done' : 'officers.mail.sending')}
                </Typography>
            </CardContent>
        </Card>
    );
};

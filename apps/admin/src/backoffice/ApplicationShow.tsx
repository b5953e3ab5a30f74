import { useState } from 'react';
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
    DialogTitle,
    MenuItem,
    Stack,
    TextField,
    Typography,
} from '@mui/material';
import { useDataProvider, useLocale, useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { fieldErrors } from '../apiErrors';
import { formatDateTime } from '../format';
import { StatusText } from './status';
import type { BackofficeDataProvider } from './methods';
import { useSchoolName } from '../components/SchoolPicker';
import type { PickerMethods } from '../components/pickerMethods';
import { methodText, moneyAmountText, moneyStateText, type StaffMoney } from './staffMoney';

/** Basic-info fields shown, in order; the first three are masked identification numbers. */
const ID_FIELDS = ['residentNoLast', 'foreignerRegistrationNo', 'passportNo'] as const;
const SHOWN = ['korName', 'engName', 'birthDate', 'gend', 'nationality', 'mobile', 'phone', 'email', 'postCode', 'address', 'addressDetail', 'foreignAddress'] as const;
/** Fields staff may correct here (identification numbers are the applicant's to correct). */
const CORRECTABLE = ['korName', 'engName', 'birthDate', 'mobile', 'phone', 'email', 'postCode', 'address', 'addressDetail', 'foreignAddress'] as const;

export const Section = ({ title, children, testid }: { title: string; children: React.ReactNode; testid?: string }) => (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid={testid}>
        <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
                {title}
            </Typography>
            {children}
        </CardContent>
    </Card>
);

export const Row = ({ label, value, testid }: { label: string; value: React.ReactNode; testid?: string }) => (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, py: 0.5, borderBottom: '1px solid', borderColor: 'divider' }}>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ minWidth: 160 }}>
            {label}
        </Typography>
        <Typography component="span" variant="body2" data-testid={testid} sx={{ wordBreak: 'break-word' }}>
            {value === '' || value == null ? '-' : value}
        </Typography>
    </Box>
);

export const RevealDialog = ({ applNo, open, onClose }: { applNo: number; open: boolean; onClose: () => void }) => {
    const translate = useTranslate();
    const [reason, setReason] = useState('');
    const [error, setError] = useState('');
    const dataProvider = useDataProvider<BackofficeDataProvider>();
    const [shown, setShown] = useState<Record<string, string> | null>(null);
    const { mutate: submit } = useMutation({
        mutationFn: () => dataProvider.revealApplication(applNo, reason),
        onSuccess: ids => {
            setShown(ids);
            setError('');
        },
        onError: e => setError(fieldErrors(e).reason ?? e.message),
    });
    return (
        <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reveal-title">
            <DialogTitle id="reveal-title">{translate('backoffice.appl.reveal_title')}</DialogTitle>
            <DialogContent>
                {shown ? (
                    <>
                        {ID_FIELDS.map(f => (
                            <Row key={f} label={translate(`backoffice.appl.fields.${f}`)} value={shown[f]} testid={`revealed-${f}`} />
                        ))}
                        <Alert severity="info" sx={{ mt: 2 }}>{translate('backoffice.appl.reveal_done')}</Alert>
                    </>
                ) : (
                    <TextField autoFocus fullWidth margin="dense" label={translate('backoffice.reason')} value={reason}
                        onChange={e => setReason(e.target.value)} error={!!error} helperText={error || ' '}
                        slotProps={{ htmlInput: { 'data-testid': 'reveal-reason', maxLength: 500 } }} />
                )}
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{translate('backoffice.cancel')}</Button>
                {!shown && <Button variant="contained" onClick={() => submit()} data-testid="reveal-submit">{translate('backoffice.appl.reveal')}</Button>}
            </DialogActions>
        </Dialog>
    );
};

export const CorrectDialog = ({ record, open, onClose }: { record: RaRecord; open: boolean; onClose: () => void }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<BackofficeDataProvider>();
    const info = (record.applicantInfo ?? {}) as Record<string, unknown>;
    const [field, setField] = useState<string>('mobile');
    const [value, setValue] = useState(String(info.mobile ?? ''));
    const [reason, setReason] = useState('');
    const [errors, setErrors] = useState<Record<string, string>>({});
    const { mutate: submit } = useMutation({
        mutationFn: () => dataProvider.correctApplication(record.id, { [field]: value }, reason),
        onSuccess: out => {
            notify(translate('backoffice.appl.corrected', { fields: out.fields.map(f => translate(`backoffice.appl.fields.${f}`, { _: f })).join(', ') }), { type: 'success' });
            setErrors({});
            onClose();
            refresh();
        },
        onError: e => {
            const f = fieldErrors(e);
            setErrors(Object.keys(f).length ? f : { _: e.message });
        },
    });
    const valueError = errors[`applicantInfo.${field}`] ?? errors.changes ?? '';
    return (
        <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="correct-title">
            <DialogTitle id="correct-title">{translate('backoffice.appl.correct_title')}</DialogTitle>
            <DialogContent>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('backoffice.appl.correct_note')}</Typography>
                <TextField select fullWidth margin="dense" label={translate('backoffice.appl.correct_field')} value={field}
                    onChange={e => { setField(e.target.value); setValue(String(info[e.target.value] ?? '')); }}
                    slotProps={{ htmlInput: { 'data-testid': 'correct-field' } }}>
                    {CORRECTABLE.map(f => (
                        <MenuItem key={f} value={f}>{translate(`backoffice.appl.fields.${f}`)}</MenuItem>
                    ))}
                </TextField>
                <TextField fullWidth margin="dense" label={translate('backoffice.appl.correct_value')} value={value}
                    onChange={e => setValue(e.target.value)} error={!!valueError} helperText={valueError || ' '}
                    slotProps={{ htmlInput: { 'data-testid': 'correct-value' } }} />
                <TextField fullWidth margin="dense" multiline minRows={2} label={translate('backoffice.reason')} value={reason}
                    onChange={e => setReason(e.target.value)} error={!!errors.reason} helperText={errors.reason || ' '}
                    slotProps={{ htmlInput: { 'data-testid': 'correct-reason', maxLength: 500 } }} />
                {errors._ && <Alert severity="error">{errors._}</Alert>}
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose}>{translate('backoffice.cancel')}</Button>
                <Button variant="contained" onClick={() => submit()} data-testid="correct-submit">{translate('backoffice.save')}</Button>
            </DialogActions>
        </Dialog>
    );
};

export const ReviewPanel = ({ record }: { record: RaRecord }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<BackofficeDataProvider>();
    const steps: string[] = (record.steps ?? []).filter((s: string) => s !== 'APPL_PART_SAVE');
    const [asking, setAsking] = useState(false);
    const [step, setStep] = useState(steps[0] ?? 'BASIS_SAVE');
    const [reason, setReason] = useState('');
    const [reasonError, setReasonError] = useState('');
    const { mutate } = useMutation({
        mutationFn: (body: { action: string; step?: string; reason?: string }) => dataProvider.reviewApplication(record.id, body),
        onSuccess: () => {
            notify('backoffice.appl.review_done', { type: 'success' });
            setAsking(false);
            setReasonError('');
            refresh();
        },
        onError: e => {
            const f = fieldErrors(e);
            if (f.reason) setReasonError(f.reason);
            else notify(e.message, { type: 'error' });
        },
    });
    const act = (action: string, extra: { step?: string; reason?: string } = {}) => mutate({ action, ...extra });
    const reviewing = !!record.isApplReviewing;
    const done = reviewing && record.reviewStatus === 'COMPLETE';
    return (
        <Section title={translate('backoffice.appl.review')} testid="review-panel">
            <Typography variant="body2" sx={{ mb: 1 }} data-testid="review-state">
                {reviewing
                    ? translate('backoffice.appl.review_state', { state: translate(`backoffice.status.${record.reviewStatus}`, { _: record.reviewStatus }) })
                    : translate('backoffice.appl.not_reviewing')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                {!reviewing && (
                    <Button variant="contained" onClick={() => act('start')} data-testid="review-start">{translate('backoffice.appl.review_start')}</Button>
                )}
                {reviewing && !done && (
                    <>
                        <Button variant="outlined" onClick={() => setAsking(true)} data-testid="review-correct">{translate('backoffice.appl.review_correct')}</Button>
                        <Button variant="contained" onClick={() => act('complete')} data-testid="review-complete">{translate('backoffice.appl.review_complete')}</Button>
                    </>
                )}
            </Stack>
            <Dialog open={asking} onClose={() => setAsking(false)} fullWidth maxWidth="sm" aria-labelledby="ask-title">
                <DialogTitle id="ask-title">{translate('backoffice.appl.review_correct')}</DialogTitle>
                <DialogContent>
                    <TextField select fullWidth margin="dense" label={translate('backoffice.appl.review_step')} value={step} onChange={e => setStep(e.target.value)}>
                        {steps.map(s => (
                            <MenuItem key={s} value={s}>{translate(`backoffice.status.${s}`, { _: s })}</MenuItem>
                        ))}
                    </TextField>
                    <TextField fullWidth margin="dense" multiline minRows={2} label={translate('backoffice.reason')} value={reason}
                        onChange={e => setReason(e.target.value)} error={!!reasonError} helperText={reasonError || ' '}
                        slotProps={{ htmlInput: { 'data-testid': 'review-reason', maxLength: 500 } }} />
                </DialogContent>
                <DialogActions>
                    <Button onClick={() => setAsking(false)}>{translate('backoffice.cancel')}</Button>
                    <Button variant="contained" onClick={() => act('correct', { step, reason })} data-testid="review-correct-submit">
                        {translate('backoffice.appl.review_correct')}
                    </Button>
                </DialogActions>
            </Dialog>
        </Section>
    );
};

/** The application's money as the server's one read model has it, with the payment details where the caller may read them. */
export const PaymentSection = ({ record }: { record: RaRecord }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const m = record.money as StaffMoney | undefined;
    const f = (k: string) => translate(`backoffice.money.fields.${k}`);
    const settled = !!m && (m.state === 'paid' || m.state === 'partially_refunded' || m.state === 'refunded');
    return (
        <Section title={translate('backoffice.money.title')} testid="appl-money">
            <Row label={f('state')} value={<strong>{moneyStateText(translate, m)}</strong>} testid="money-state" />
            {settled && m && (
                <>
                    <Row label={f('method')} value={methodText(translate, m.method)} testid="money-method" />
                    <Row label={f('paidAt')} value={m.paidAt ? translate('backoffice.money.kst', { at: formatDateTime(m.paidAt) }) : ''} testid="money-paid-at" />
                    <Row label={f('amount')} value={moneyAmountText(m.amount, locale)} testid="money-amount" />
                    <Row label={f('refunded')} value={moneyAmountText(m.refunded, locale)} testid="money-refunded" />
                    <Row label={f('net')} value={<strong>{moneyAmountText(m.net, locale)}</strong>} testid="money-net" />
                </>
            )}
            {m?.state === 'in_flight' && (
                <Typography variant="body2" sx={{ mt: 1 }}>{translate('backoffice.money.in_flight_note')}</Typography>
            )}
            {(!m || !m.state) && (
                <Typography variant="body2" sx={{ mt: 1 }}>{translate('backoffice.money.not_paid_note')}</Typography>
            )}
            {m?.providerCancelled && (
                <Alert severity="error" sx={{ mt: 1 }} data-testid="money-provider-cancelled">{translate('backoffice.money.provider_cancelled')}</Alert>
            )}
            {record.mayPayInfo && (
                <Button component={Link} variant="outlined" sx={{ mt: 2 }} data-testid="appl-pay-link"
                    to={`/pay/attempts?filter=${encodeURIComponent(JSON.stringify({ applNo: String(record.applNo) }))}`}>
                    {translate('backoffice.money.details')}
                </Button>
            )}
        </Section>
    );
};

/** The application's summary: its numbers, the applicant's account, the school, round, major and status. */
export const StaffSummary = ({ record }: { record: RaRecord }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const schoolName = useSchoolName();
    const sc = record.schoolComm ?? {};
    return (
        <Section title={translate('backoffice.appl.summary')} testid="appl-summary">
            <Row label={translate('resources.applications.fields.applNo')} value={record.applNo} />
            <Row label={translate('resources.applications.fields.applId')} value={record.applId} testid="appl-applId" />
            <Row label={translate('resources.applications.fields.applicantName')} value={record.applicantName} testid="appl-name" />
            <Row label={translate('resources.applications.fields.userId')} value={
                <Link to={`/applications?filter=${encodeURIComponent(JSON.stringify({ userId: record.userId }))}`}>{record.userId}</Link>
            } />
            <Row label={translate('resources.applications.fields.email')} value={record.email} />
            <Row label={translate('backoffice.appl.school')} value={sc.schoolCode ? (locale === 'en' || !sc.korName ? schoolName(sc.schoolCode) : sc.korName) : ''} />
            <Row label={translate('backoffice.appl.round')} value={`${sc.enterYear}-${sc.recruitPartSeq} ${(locale === 'en' && record.roundEngName) || record.roundKorName || ''}`} />
            <Row label={translate('backoffice.appl.major')} value={(locale === 'en' && record.majorEngName) || record.majorKorName || record.majorCode} />
            <Row label={translate('backoffice.appl.degree')} value={translate(record.isMaster ? 'backoffice.appl.master' : 'backoffice.appl.doctor')} />
            <Row label={translate('resources.applications.fields.status')} value={<StatusText record={record} />} testid="appl-status" />
        </Section>
    );
};

/**
 * The contact and identification fields staff act on: the masked numbers
 * with the reveal (a logged reason) and the correction of a field.
 */
export const StaffBasic = ({ record }: { record: RaRecord }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const dataProvider = useDataProvider<BackofficeDataProvider & PickerMethods>();
    const { data: countries = [] } = useQuery({ queryKey: ['picker', 'countries'], queryFn: () => dataProvider.getCountries(), staleTime: 60 * 60_000, retry: false });
    const [reveal, setReveal] = useState(false);
    const [correct, setCorrect] = useState(false);
    const info = record.applicantInfo as Record<string, string> | null;
    const named = (f: string, v: string) => {
        if (!v) return v;
        if (f === 'gend') return translate(`backoffice.appl.gender.${v}`, { _: v });
        if (f === 'nationality') {
            const c = countries.find(x => x.code === v);
            return c ? (locale === 'en' ? c.engName || c.korName : c.korName) : v;
        }
        return v;
    };
    return (
        <Section title={translate('backoffice.appl.basic')} testid="appl-basic">
            {info ? (
                <>
                    {SHOWN.map(f => (
                        <Row key={f} label={translate(`backoffice.appl.fields.${f}`)} value={named(f, info[f])} testid={`info-${f}`} />
                    ))}
                    {ID_FIELDS.filter(f => info[f]).map(f => (
                        <Row key={f} label={translate(`backoffice.appl.fields.${f}`)} value={<Chip size="small" label={info[f]} />} testid={`info-${f}`} />
                    ))}
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{translate('backoffice.appl.masked_note')}</Typography>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
                        {record.mayReveal && <Button variant="outlined" onClick={() => setReveal(true)} data-testid="reveal-open">{translate('backoffice.appl.reveal')}</Button>}
                        {record.mayCorrect && <Button variant="contained" onClick={() => setCorrect(true)} data-testid="correct-open">{translate('backoffice.appl.correct')}</Button>}
                    </Stack>
                </>
            ) : (
                <Typography variant="body2">{translate('backoffice.appl.no_basic')}</Typography>
            )}
            {reveal && <RevealDialog applNo={Number(record.id)} open={reveal} onClose={() => setReveal(false)} />}
            {correct && <CorrectDialog record={record} open={correct} onClose={() => setCorrect(false)} />}
        </Section>
    );
};

/** The links to the application's payments and letters pages. */
export const StaffLinks = ({ record }: { record: RaRecord }) => {
    const translate = useTranslate();
    if (!record.mayLetters) return null;
    return (
        <Section title={translate('backoffice.appl.links')} testid="appl-links">
            <Button component={Link} variant="outlined" data-testid="appl-letters-link" to={`/recommend/template?applNo=${record.applNo}`}>
                {translate('backoffice.appl.letters_link')}
            </Button>
        </Section>
    );
};

export const Title = () => {
    const record = useRecordContext();
    const translate = useTranslate();
    return <span>{record ? translate('backoffice.appl.title', { applNo: record.applNo }) : ''}</span>;
};

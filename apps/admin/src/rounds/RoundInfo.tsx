import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    Chip,
    CircularProgress,
    Divider,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import { Title, useGetOne, useLocale, useTranslate } from 'react-admin';
import { PageHeading } from '../components/PageHeading';
import type { SchoolDetail } from '../schools';
import { WINDOW_TYPES, type ConsentItem, type DocItem, type RoundWindow } from './types';

interface Preview {
    schoolKorName: string;
    schoolEngName: string;
    korName: string;
    engName: string;
    color: string;
    steps: string[];
    submitOpen: boolean;
    windows: Array<{ type: string; open: boolean }>;
    parts: Array<{ majorCode: string; majorKorName: string; majorEngName: string; isMaster: boolean; partDetailRemkKor: string; partDetailRemkEng: string }>;
    categories: Array<{ code: string; korValue: string; engValue: string }>;
    consents: ConsentItem[];
    rules?: { refusedNationalities: string[]; passportNone: string; visaNone: string; isEtcDocumentUploadable: boolean };
}
interface Info {
    id: string;
    schoolCode: string;
    enterYear: number;
    recruitPartSeq: number;
    korName: string;
    engName: string;
    detailRemkKor: string;
    detailRemkEng: string;
    feeKrw: number;
    feeUsd: number;
    payTypes: string[];
    payChannels: Record<string, { storeId?: string; channelKey?: string }>;
    lettersAsked: number;
    applIdRule: string;
    slipNoticeKor: string;
    slipNoticeEng: string;
    windows: RoundWindow[];
    documents: DocItem[];
    consents: ConsentItem[];
    effectiveDocuments: DocItem[];
    effectiveConsents: ConsentItem[];
    survey: Array<{ questionCode: string; korText: string; engText: string; required: boolean }>;
    infoItems: Array<{ itemCode: string; display: boolean; required: boolean }>;
    preview: Preview;
}
type School = Pick<SchoolDetail, 'logoUrl' | 'contactEmail' | 'contactPhone'>;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
    <Box component="section" sx={{ my: 2 }}>
        <Typography component="h2" variant="h6" gutterBottom>
            {title}
        </Typography>
        {children}
    </Box>
);

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
    <TableRow>
        <TableCell component="th" scope="row" sx={{ width: { xs: 120, sm: 220 }, fontWeight: 600 }}>
            {label}
        </TableCell>
        <TableCell>{children}</TableCell>
    </TableRow>
);

/** The applicant's school page as applicants will see it: colour, logo, names, parts, consents. */
const ApplicantPreview = ({ info, school }: { info: Info; school: School | null }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const p = info.preview;
    const en = locale === 'en';
    return (
        <Box
            data-testid="applicant-preview"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', maxWidth: 520 }}
        >
            <Box sx={{ bgcolor: p.color, color: '#fff', p: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
                {school?.logoUrl && <Box component="img" src={school.logoUrl} alt="" sx={{ height: 40, bgcolor: '#fff', borderRadius: 1, p: 0.5 }} />}
                <Box sx={{ textShadow: '0 1px 2px rgba(0,0,0,.6)' }}>
                    <Typography component="p" variant="h6" sx={{ color: '#fff' }}>
                        {en ? p.schoolEngName : p.schoolKorName}
                    </Typography>
                    <Typography component="p" variant="body2" sx={{ color: '#fff' }}>
                        {en ? p.engName : p.korName}
                    </Typography>
                </Box>
            </Box>
            <Box sx={{ p: 2 }}>
                <Chip
                    size="small"
                    color={p.submitOpen ? 'success' : 'default'}
                    label={translate(p.submitOpen ? 'resources.recruit-parts.preview.open' : 'resources.recruit-parts.preview.closed')}
                />
                <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
                    {translate('resources.recruit-parts.tabs.parts')}
                </Typography>
                <ul>
                    {p.parts.map(pt => (
                        <li key={`${pt.majorCode}-${pt.isMaster}`}>
                            {en ? pt.majorEngName : pt.majorKorName} ·{' '}
                            {translate(pt.isMaster ? 'resources.recruit-parts.preview.master' : 'resources.recruit-parts.preview.doctor')}
                            {(en ? pt.partDetailRemkEng : pt.partDetailRemkKor) && ` — ${en ? pt.partDetailRemkEng : pt.partDetailRemkKor}`}
                        </li>
                    ))}
                </ul>
                <Typography component="h3" variant="subtitle2">
                    {translate('resources.recruit-parts.tabs.consents')}
                </Typography>
                <ul>
                    {p.consents.map(c => (
                        <li key={c.code}>
                            {en ? c.titleEn : c.titleKo} ({c.version})
                        </li>
                    ))}
                </ul>
                {school && (school.contactEmail || school.contactPhone) && (
                    <Typography variant="body2" color="text.secondary">
                        {translate('resources.schools.fields.contactEmail')}: {school.contactEmail} {school.contactPhone}
                    </Typography>
                )}
            </Box>
        </Box>
    );
};

/**
 * info-inquiry/{id}: everything a round is set to, on one read-only page,
 * for checking before it opens, with the applicant-side preview.
 */
export const RoundInfo = () => {
    const { id = '' } = useParams();
    const translate = useTranslate();
    const locale = useLocale();
    const en = locale === 'en';
    const t = (k: string) => translate(`resources.recruit-parts.${k}`);
    const { data: info, error: infoError } = useGetOne<Info>('recruit-parts', { id }, { retry: false });
    // The school's logo and contact, for the preview.
    const { data: school = null, error: schoolError } = useGetOne<SchoolDetail>(
        'schools',
        { id: info?.schoolCode ?? '' },
        { enabled: !!info, retry: false },
    );
    const error = (infoError ?? schoolError)?.message;
    if (error) return <Alert severity="error" sx={{ mt: 2 }}>{translate(error, { _: error })}</Alert>;
    if (!info) return <CircularProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} />;
    const openOf = (type: string) => info.preview.windows?.find(w => w.type === type)?.open;
    const docs = info.documents.length ? info.documents : info.effectiveDocuments;
    const consents = info.consents.length ? info.consents : info.effectiveConsents;
    return (
        <Box sx={{ mt: 2 }} data-testid="round-info">
            <Title title={translate('app.pages.infoInquiry')} />
            <Card>
                <CardContent>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
                        <PageHeading variant="page" sx={{ mb: 0 }}>{`${en ? info.engName : info.korName} (${info.enterYear}-${info.recruitPartSeq})`}</PageHeading>
                        <Stack direction="row" spacing={1}>
                            <Button component={RouterLink} to={`/recruit-parts/${encodeURIComponent(info.id)}`} variant="outlined" size="small">
                                {translate('ra.action.edit')}
                            </Button>
                            <Button component={RouterLink} to={`/applId/check?round=${encodeURIComponent(info.id)}`} variant="outlined" size="small">
                                {translate('app.pages.applIdCheck')}
                            </Button>
                        </Stack>
                    </Stack>
                    <Section title={t('tabs.basic')}>
                        <Table size="small">
                            <TableBody>
                                <Row label={t('fields.schoolCode')}>{en ? info.preview.schoolEngName : info.preview.schoolKorName} ({info.schoolCode})</Row>
                                <Row label={t('fields.korName')}>{info.korName}</Row>
                                <Row label={t('fields.engName')}>{info.engName}</Row>
                                <Row label={t('fields.detailRemkKor')}>{info.detailRemkKor || '–'}</Row>
                                <Row label={t('fields.detailRemkEng')}>{info.detailRemkEng || '–'}</Row>
                                <Row label={t('info_steps')}>
                                    {info.preview.steps
                                        .filter(st => st !== 'APPL_PART_SAVE')
                                        .map(st => translate(`resources.schools.step.${st}`))
                                        .join(' → ')}
                                </Row>
                            </TableBody>
                        </Table>
                    </Section>
                    <Section title={t('tabs.windows')}>
                        <Table size="small">
                            <TableBody>
                                {[...info.windows].sort((a, b) => WINDOW_TYPES.indexOf(a.type) - WINDOW_TYPES.indexOf(b.type)).map(w => (
                                    <Row key={w.type} label={t(`windows.${w.type}`)}>
                                        {w.startDay} – {w.endDay}{' '}
                                        {openOf(w.type) && <Chip size="small" color="success" label={t('preview.open')} />}
                                    </Row>
                                ))}
                            </TableBody>
                        </Table>
                    </Section>
                    <Section title={t('tabs.fees')}>
                        <Table size="small">
                            <TableBody>
                                <Row label={t('fields.feeKrw')}>{info.feeKrw.toLocaleString('ko-KR')} KRW</Row>
                                <Row label={t('fields.feeUsd')}>{(info.feeUsd / 100).toFixed(2)} USD</Row>
                                <Row label={t('fields.payTypes')}>{info.payTypes.map(p => t(`payTypes.${p}`)).join(', ') || '–'}</Row>
                                <Row label={t('channels')}>
                                    {Object.entries(info.payChannels ?? {})
                                        .map(([p, ch]) => `${t(`payTypes.${p}`)}: ${ch.storeId ?? ''} / ${ch.channelKey ?? ''}`)
                                        .join(' · ') || '–'}
                                </Row>
                                <Row label={t('fields.lettersAsked')}>{info.lettersAsked}</Row>
                            </TableBody>
                        </Table>
                    </Section>
                    <Section title={t('tabs.documents')}>
                        <Box sx={{ overflowX: 'auto' }}>
                            <Table size="small">
                                <TableHead>
                                    <TableRow>
                                        <TableCell>{t('fields.itemCode')}</TableCell>
                                        <TableCell>{t('fields.docKorName')}</TableCell>
                                        <TableCell>{t('fields.required')}</TableCell>
                                        <TableCell>{t('fields.extensions')}</TableCell>
                                        <TableCell>{t('fields.maxSize')}</TableCell>
                                    </TableRow>
                                </TableHead>
                                <TableBody>
                                    {docs.map(d => (
                                        <TableRow key={d.itemCode}>
                                            <TableCell>{d.itemCode}</TableCell>
                                            <TableCell>
                                                {en ? `${d.grpEngName} · ${d.engName}` : `${d.grpKorName} · ${d.korName}`}
                                            </TableCell>
                                            <TableCell>{translate(d.required ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                                            <TableCell>{d.extensions.join(', ')}</TableCell>
                                            <TableCell>{d.maxSize ? `${(d.maxSize / 1048576).toFixed(1)} MB` : t('default_size')}</TableCell>
                                        </TableRow>
                                    ))}
                                </TableBody>
                            </Table>
                        </Box>
                        {!info.documents.length && <Typography variant="caption">{t('inherited')}</Typography>}
                    </Section>
                    <Section title={t('tabs.consents')}>
                        {consents.map(c => (
                            <Box key={c.code} sx={{ mb: 1 }}>
                                <Typography variant="subtitle2" component="h3">
                                    {en ? c.titleEn : c.titleKo} · {t('fields.version')} {c.version}
                                </Typography>
                                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                                    {en ? c.bodyEn : c.bodyKo}
                                </Typography>
                            </Box>
                        ))}
                        {!info.consents.length && <Typography variant="caption">{t('inherited')}</Typography>}
                    </Section>
                    <Section title={t('survey')}>
                        {info.survey.length === 0 ? (
                            <Typography variant="body2">–</Typography>
                        ) : (
                            <ol>
                                {info.survey.map(q => (
                                    <li key={q.questionCode}>{en ? q.engText : q.korText}</li>
                                ))}
                            </ol>
                        )}
                    </Section>
                    <Section title={t('tabs.numbering')}>
                        <Table size="small">
                            <TableBody>
                                <Row label={t('fields.applIdRule')}>
                                    <code>{info.applIdRule}</code>
                                </Row>
                                <Row label={t('fields.slipNoticeKor')}>{info.slipNoticeKor || '–'}</Row>
                                <Row label={t('fields.slipNoticeEng')}>{info.slipNoticeEng || '–'}</Row>
                                {info.preview.rules && (
                                    <Row label={t('variants')}>
                                        {[
                                            info.preview.rules.refusedNationalities.length > 0 &&
                                                `${translate('resources.schools.fields.refusedNationalities')}: ${info.preview.rules.refusedNationalities.join(', ')}`,
                                            `${translate('resources.schools.fields.passportNone')}: ${info.preview.rules.passportNone}`,
                                            `${translate('resources.schools.fields.visaNone')}: ${info.preview.rules.visaNone}`,
                                        ]
                                            .filter(Boolean)
                                            .join(' · ')}
                                    </Row>
                                )}
                            </TableBody>
                        </Table>
                    </Section>
                    <Divider sx={{ my: 2 }} />
                    <Section title={t('preview.title')}>
                        <ApplicantPreview info={info} school={school} />
                    </Section>
                </CardContent>
            </Card>
        </Box>
    );
};

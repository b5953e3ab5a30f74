import { useEffect, useState } from 'react';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    Checkbox,
    CircularProgress,
    FormControlLabel,
    IconButton,
    Link,
    MenuItem,
    Paper,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    TextField,
    Typography,
} from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Title, useGetIdentity, useLocale, useNotify, usePermissions, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { httpClient } from '../httpClient';
import type { Permissions } from '../authProvider';
import { LetterCancel } from './LetterCancel';

interface School {
    schoolCode: string;
    korName: string;
    engName: string;
}
interface Round {
    schoolCode: string;
    enterYear: number;
    recruitPartSeq: number;
    korName: string;
    engName: string;
}
interface Option {
    code: string;
    kor: string;
    eng: string;
}
interface Question {
    code: string;
    kind?: string;
    kor?: string;
    eng?: string;
    options?: string[];
    labels?: Option[];
    max?: number;
}
interface Template {
    schoolCode: string;
    enterYear: number;
    recruitPartSeq: number;
    version: number;
    letters: number;
    fileRequired: boolean;
    questions: Question[];
}
interface Letter {
    reqNo: number;
    profName: string;
    email: string;
    institution: string;
    status: string;
    createdAt: string;
    openedAt: string | null;
    submittedAt: string | null;
    pdfPath?: string;
    filePath?: string;
    fileName: string;
}

const dateTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('sv-SE', { timeZone: 'Asia/Seoul' }).slice(0, 16) : '');

/** Options of a choice question as lines "code|Korean|English". */
const optionLines = (q: Question) => (q.labels ?? (q.options ?? []).map(o => ({ code: o, kor: o, eng: o }))).map(o => `${o.code}|${o.kor}|${o.eng}`).join('\n');

const parseOptions = (text: string): Option[] =>
    text
        .split('\n')
        .map(l => l.trim())
        .filter(Boolean)
        .map(l => {
            const [code = '', kor = '', eng = ''] = l.split('|').map(x => x.trim());
            return { code, kor: kor || code, eng: eng || kor || code };
        });

/** Renumber codes rec_form_q1..n in the order shown. */
const renumber = (qs: Question[]) => qs.map((q, i) => ({ ...q, code: `rec_form_q${i + 1}` }));

const QuestionEditor = ({ q, i, n, errors, onChange, onMove, onRemove }: {
    q: Question; i: number; n: number; errors: Record<string, string>;
    onChange: (q: Question) => void; onMove: (d: number) => void; onRemove: () => void;
}) => {
    const translate = useTranslate();
    const [opts, setOpts] = useState(optionLines(q));
    const err = (f: string) => errors[`questions[${i}].${f}`];
    return (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="template-question">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography sx={{ fontWeight: 700, flex: 1 }}>{q.code}</Typography>
                <IconButton size="small" disabled={i === 0} onClick={() => onMove(-1)} aria-label={translate('app.recommend.up')}>
                    <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" disabled={i === n - 1} onClick={() => onMove(1)} aria-label={translate('app.recommend.down')}>
                    <ArrowDownwardIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" onClick={onRemove} aria-label={translate('app.recommend.remove')}>
                    <DeleteIcon fontSize="small" />
                </IconButton>
            </Stack>
            <Stack spacing={1.5}>
                <TextField size="small" label={translate('app.recommend.kor')} value={q.kor ?? ''} error={!!err('kor')} helperText={err('kor')} onChange={e => onChange({ ...q, kor: e.target.value })} />
                <TextField size="small" label={translate('app.recommend.eng')} value={q.eng ?? ''} error={!!err('eng')} helperText={err('eng')} onChange={e => onChange({ ...q, eng: e.target.value })} />
                <Stack direction="row" spacing={1}>
                    <TextField select size="small" label={translate('app.recommend.kind')} value={q.kind || 'text'} sx={{ minWidth: 160 }}
                        onChange={e => onChange({ ...q, kind: e.target.value, ...(e.target.value === 'choice' ? {} : { options: undefined, labels: undefined }) })}>
                        {['text', 'long', 'choice'].map(k => (
                            <MenuItem key={k} value={k}>{translate(`app.recommend.kinds.${k}`)}</MenuItem>
                        ))}
                    </TextField>
                    {q.kind !== 'choice' && (
                        <TextField size="small" type="number" label={translate('app.recommend.max')} value={q.max ?? ''} error={!!err('max')} helperText={err('max')}
                            onChange={e => onChange({ ...q, max: Number(e.target.value) || undefined })} sx={{ width: 140 }} />
                    )}
                </Stack>
                {q.kind === 'choice' && (
                    <TextField size="small" multiline minRows={3} label={translate('app.recommend.options')} helperText={err('options') ?? translate('app.recommend.options_help')}
                        error={!!err('options')} value={opts}
                        onChange={e => {
                            setOpts(e.target.value);
                            const o = parseOptions(e.target.value);
                            onChange({ ...q, options: o.map(x => x.code), labels: o });
                        }} />
                )}
            </Stack>
        </Paper>
    );
};

/** The letters of one application: status, recommender, dates, the PDF and the file (access-logged). */
const Letters = () => {
    const translate = useTranslate();
    const { permissions } = usePermissions<Permissions>();
    // cancelling past 00010 is support's (the server checks it again)
    const support = (permissions?.roles ?? []).includes('ROLE_SYS_ADMIN');
    // ?applNo= (the link on the application page) opens that application's letters.
    const [params] = useSearchParams();
    const linked = (params.get('applNo') ?? '').replace(/\D/g, '');
    const [applNo, setApplNo] = useState(linked);
    const [list, setList] = useState<Letter[] | null>(null);
    const [failed, setFailed] = useState(false);
    const load = (no = applNo) => {
        setFailed(false);
        httpClient(`/apply/api-auth/admin/recommend/letters/${encodeURIComponent(no)}`)
            .then(({ json }) => setList(json.list as Letter[]))
            .catch(() => {
                setList(null);
                setFailed(true);
            });
    };
    useEffect(() => {
        if (linked) load(linked);
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [linked]);
    return (
        <Card>
            <CardContent>
                <Typography component="h2" variant="h6" gutterBottom>{translate('app.recommend.letters')}</Typography>
                <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
                    <TextField size="small" label={translate('app.recommend.appl_no')} value={applNo} onChange={e => setApplNo(e.target.value.replace(/\D/g, ''))}
                        slotProps={{ htmlInput: { 'data-testid': 'letters-appl-no', inputMode: 'numeric' } }} />
                    <Button variant="contained" onClick={() => load()} disabled={!applNo} data-testid="letters-load">{translate('app.recommend.show')}</Button>
                </Stack>
                {failed && <Alert severity="warning">{translate('app.recommend.letters_failed')}</Alert>}
                {list && list.length === 0 && <Alert severity="info">{translate('app.recommend.no_letters')}</Alert>}
                {list && list.length > 0 && (
                    <Box sx={{ overflowX: 'auto' }}>
                        <Table size="small" data-testid="letters-table">
                            <TableHead>
                                <TableRow>
                                    <TableCell>{translate('app.recommend.recommender')}</TableCell>
                                    <TableCell>{translate('app.recommend.status')}</TableCell>
                                    <TableCell>{translate('app.recommend.dates')}</TableCell>
                                    <TableCell>{translate('app.recommend.downloads')}</TableCell>
                                </TableRow>
                            </TableHead>
                            <TableBody>
                                {list.map(l => (
                                    <TableRow key={l.reqNo}>
                                        <TableCell>{l.profName}<br />{l.email}<br />{l.institution}</TableCell>
                                        <TableCell>{translate(`app.recommend.statuses.${l.status}`)}</TableCell>
                                        <TableCell>
                                            {translate('app.recommend.requested')}: {dateTime(l.createdAt)}
                                            {l.openedAt && <><br />{translate('app.recommend.opened')}: {dateTime(l.openedAt)}</>}
                                            {l.submittedAt && <><br />{translate('app.recommend.submitted')}: {dateTime(l.submittedAt)}</>}
                                        </TableCell>
                                        <TableCell>
                                            {l.pdfPath && <Link href={l.pdfPath} download data-testid="letter-pdf">{translate('app.recommend.pdf')}</Link>}
                                            {l.filePath && <><br /><Link href={l.filePath} download>{l.fileName}</Link></>}
                                            {support && l.status !== '00040' && <><br /><LetterCancel reqNo={l.reqNo} onDone={() => load()} /></>}
                                        </TableCell>
                                    </TableRow>
                                ))}
                            </TableBody>
                        </Table>
                    </Box>
                )}
            </CardContent>
        </Card>
    );
};

/**
 * recommend/template: a round's letter template (questions, their kinds and
 * order, ko and en texts, whether a file is required, how many letters the
 * round asks for). A template letters were opened on gets a new version on
 * change; those letters keep theirs.
 */
export const RecommendTemplate = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const notify = useNotify();
    const { identity } = useGetIdentity();
    const bound = (identity?.schoolCode as string | null | undefined) ?? '';
    const [schools, setSchools] = useState<School[]>([]);
    const [picked, setPicked] = useState('');
    const [rounds, setRounds] = useState<Round[]>([]);
    const [round, setRound] = useState('');
    const [tpl, setTpl] = useState<Template | null>(null);
    const [errors, setErrors] = useState<Record<string, string>>({});
    const school = bound || picked;
    const name = (r: { korName: string; engName: string }) => (locale === 'en' ? r.engName || r.korName : r.korName);

    useEffect(() => {
        if (!identity || bound) return;
        httpClient('/apply/api/standard/schl').then(({ json }) => {
            const list = json as School[];
            setSchools(list);
            if (list.length > 0) setPicked(p => p || list[0].schoolCode);
        });
    }, [identity, bound]);
    useEffect(() => {
        if (!school) return;
        httpClient(`/apply/api/recruit/list?schoolCode=${encodeURIComponent(school)}`).then(({ json }) => {
            const list = json as Round[];
            setRounds(list);
            setRound(list.length ? `${list[0].enterYear}-${list[0].recruitPartSeq}` : '');
        });
    }, [school]);
    useEffect(() => {
        if (!school || !round) return;
        const [y, s] = round.split('-');
        setTpl(null);
        httpClient(`/apply/api-auth/admin/recommend/template?schoolCode=${encodeURIComponent(school)}&enterYear=${y}&recruitPartSeq=${s}`)
            .then(({ json }) => setTpl(json as Template));
    }, [school, round]);

    const save = () => {
        if (!tpl) return;
        httpClient('/apply/api-auth/admin/recommend/template', { method: 'PUT', body: JSON.stringify({ ...tpl, questions: renumber(tpl.questions) }) })
            .then(({ json }) => {
                setTpl(json as Template);
                setErrors({});
                notify(translate('app.recommend.saved', { version: (json as Template).version }), { type: 'success' });
            })
            .catch((e: { body?: { fields?: Record<string, string> } }) => setErrors(e.body?.fields ?? {}));
    };
    const setQ = (i: number, q: Question) => tpl && setTpl({ ...tpl, questions: tpl.questions.map((x, j) => (j === i ? q : x)) });
    const move = (i: number, d: number) => {
        if (!tpl) return;
        const qs = [...tpl.questions];
        [qs[i], qs[i + d]] = [qs[i + d], qs[i]];
        setTpl({ ...tpl, questions: renumber(qs) });
    };

    return (
        <Box sx={{ mt: 2 }} data-testid="recommend-template">
            <Title title={translate('app.pages.recommendTemplate')} />
            <Typography component="h1" variant="h5" gutterBottom>{translate('app.pages.recommendTemplate')}</Typography>
            <Letters />
            <Card sx={{ mt: 2 }}>
                <CardContent>
                    <Typography component="h2" variant="h6" gutterBottom>{translate('app.recommend.template')}</Typography>
                    <Typography variant="body2" color="text.secondary" gutterBottom>{translate('app.recommend.intro')}</Typography>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }}>
                        {!bound && (
                            <TextField select size="small" label={translate('app.info_inquiry.school')} value={picked} onChange={e => setPicked(e.target.value)} sx={{ minWidth: 260 }}>
                                {schools.map(s => <MenuItem key={s.schoolCode} value={s.schoolCode}>{name(s)}</MenuItem>)}
                            </TextField>
                        )}
                        <TextField select size="small" label={translate('app.info_inquiry.round')} value={round} onChange={e => setRound(e.target.value)} sx={{ minWidth: 260 }}>
                            {rounds.map(r => <MenuItem key={`${r.enterYear}-${r.recruitPartSeq}`} value={`${r.enterYear}-${r.recruitPartSeq}`}>{name(r)} ({r.enterYear}-{r.recruitPartSeq})</MenuItem>)}
                        </TextField>
                    </Stack>
                    {!tpl && round && <CircularProgress aria-label={translate('ra.page.loading')} />}
                    {tpl && (
                        <Stack spacing={2}>
                            <Typography data-testid="template-version">
                                {tpl.version ? translate('app.recommend.version', { version: tpl.version }) : translate('app.recommend.default')}
                            </Typography>
                            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                                <TextField size="small" type="number" label={translate('app.recommend.letters_asked')} value={tpl.letters} sx={{ width: 180 }}
                                    error={!!errors.letters} helperText={errors.letters} onChange={e => setTpl({ ...tpl, letters: Number(e.target.value) })} />
                                <FormControlLabel control={<Checkbox checked={tpl.fileRequired} onChange={e => setTpl({ ...tpl, fileRequired: e.target.checked })} />} label={translate('app.recommend.file_required')} />
                            </Stack>
                            {tpl.questions.map((q, i) => (
                                <QuestionEditor key={`${q.code}-${i}-${tpl.questions.length}`} q={q} i={i} n={tpl.questions.length} errors={errors}
                                    onChange={x => setQ(i, x)} onMove={d => move(i, d)} onRemove={() => setTpl({ ...tpl, questions: renumber(tpl.questions.filter((_, j) => j !== i)) })} />
                            ))}
                            <Stack direction="row" spacing={1}>
                                <Button variant="outlined" onClick={() => setTpl({ ...tpl, questions: renumber([...tpl.questions, { code: '', kind: 'long', kor: '', eng: '', max: 4000 }]) })}>
                                    {translate('app.recommend.add')}
                                </Button>
                                <Button variant="contained" onClick={save} data-testid="template-save">{translate('ra.action.save')}</Button>
                            </Stack>
                        </Stack>
                    )}
                </CardContent>
            </Card>
        </Box>
    );
};

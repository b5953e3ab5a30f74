import { useState } from 'react';
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
import { Title, useDataProvider, useLocale, useNotify, usePermissions, useTranslate } from 'react-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../apiErrors';
import type { Permissions } from '../authProvider';
import { PageHeading } from '../components/PageHeading';
import { SchoolPicker, useSchoolChoice } from '../components/SchoolPicker';
import { localName } from '../schools';
import { LetterCancel } from './LetterCancel';
import type { LetterTemplate, PagesDataProvider, TemplateOption as Option, TemplateQuestion as Question } from './methods';

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
    // the application whose letters are shown; a new ?applNo= link shows its own
    const [shown, setShown] = useState(linked);
    const [lastLinked, setLastLinked] = useState(linked);
    if (linked !== lastLinked) {
        setLastLinked(linked);
        if (linked) setShown(linked);
    }
    const dataProvider = useDataProvider<PagesDataProvider>();
    const letters = useQuery({
        queryKey: ['getLetters', shown],
        queryFn: () => dataProvider.getLetters(shown),
        enabled: !!shown,
        placeholderData: keepPreviousData,
        retry: false,
    });
    const list = letters.data;
    const failed = letters.isError;
    const load = () => {
        if (applNo === shown) void letters.refetch();
        else setShown(applNo);
    };
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
                                            {support && l.status !== '00040' && <><br /><LetterCancel reqNo={l.reqNo} onDone={() => void letters.refetch()} /></>}
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
    const dataProvider = useDataProvider<PagesDataProvider>();
    const { code: school, bound, schools, picked, setPicked } = useSchoolChoice();
    const { data: rounds = [] } = useQuery({
        queryKey: ['getSchoolRounds', school],
        queryFn: () => dataProvider.getSchoolRounds(school),
        enabled: !!school,
        retry: false,
    });
    const roundKey = (r: { enterYear: number; recruitPartSeq: number }) => `${r.enterYear}-${r.recruitPartSeq}`;
    // the round picked, while the school has it; else the school's first
    const [roundChoice, setRound] = useState('');
    const round = rounds.some(r => roundKey(r) === roundChoice) ? roundChoice : rounds.length ? roundKey(rounds[0]) : '';
    const [enterYear, recruitPartSeq] = round.split('-');
    const { data: template } = useQuery({
        queryKey: ['getLetterTemplate', school, round],
        queryFn: () => dataProvider.getLetterTemplate({ schoolCode: school, enterYear, recruitPartSeq }),
        enabled: !!school && !!round,
        retry: false,
    });

    return (
        <Box sx={{ mt: 2 }} data-testid="recommend-template">
            <Title title={translate('app.pages.recommendTemplate')} />
            <PageHeading title="app.pages.recommendTemplate" variant="page" />
            <Letters />
            <Card sx={{ mt: 2 }}>
                <CardContent>
                    <Typography component="h2" variant="h6" gutterBottom>{translate('app.recommend.template')}</Typography>
                    <Typography variant="body2" color="text.secondary" gutterBottom>{translate('app.recommend.intro')}</Typography>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }}>
                        {!bound && <SchoolPicker schools={schools} value={picked} onChange={setPicked} sx={{ minWidth: 260 }} />}
                        <TextField select size="small" label={translate('app.info_inquiry.round')} value={round} onChange={e => setRound(e.target.value)} sx={{ minWidth: 260 }}>
                            {rounds.map(r => <MenuItem key={roundKey(r)} value={roundKey(r)}>{localName(r, locale)} ({r.enterYear}-{r.recruitPartSeq})</MenuItem>)}
                        </TextField>
                    </Stack>
                    {!template && round && <CircularProgress aria-label={translate('ra.page.loading')} />}
                    {template && <TemplateEditor initial={template} key={`${school}-${round}`} />}
                </CardContent>
            </Card>
        </Box>
    );
};

/** The questions of a template, edited here and saved whole; the server's field errors show at each input. */
const TemplateEditor = ({ initial }: { initial: LetterTemplate }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const dataProvider = useDataProvider<PagesDataProvider>();
    const queryClient = useQueryClient();
    const [tpl, setTpl] = useState(initial);
    const [errors, setErrors] = useState<Record<string, string>>({});
    const { mutate: save } = useMutation({
        mutationFn: () => dataProvider.saveLetterTemplate({ ...tpl, questions: renumber(tpl.questions) }),
        onSuccess: saved => {
            setTpl(saved);
            setErrors({});
            queryClient.setQueryData(['getLetterTemplate', initial.schoolCode, `${initial.enterYear}-${initial.recruitPartSeq}`], saved);
            notify(translate('app.recommend.saved', { version: saved.version }), { type: 'success' });
        },
        onError: e => setErrors(fieldErrors(e)),
    });
    const setQ = (i: number, q: Question) => setTpl({ ...tpl, questions: tpl.questions.map((x, j) => (j === i ? q : x)) });
    const move = (i: number, d: number) => {
        const qs = [...tpl.questions];
        [qs[i], qs[i + d]] = [qs[i + d], qs[i]];
        setTpl({ ...tpl, questions: renumber(qs) });
    };
    return (
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
                <Button variant="contained" onClick={() => save()} data-testid="template-save">{translate('ra.action.save')}</Button>
            </Stack>
        </Stack>
    );
};

import { useEffect, useState } from 'react';
import {
    Alert,
    Box,
    Card,
    CardContent,
    Chip,
    CircularProgress,
    Link,
    MenuItem,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    TextField,
    Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useGetIdentity, useLocale, useTranslate } from 'react-admin';
import { httpClient } from '../httpClient';

interface School {
    schoolCode: string;
    korName: string;
    engName: string;
}
interface Window {
    type: string;
    start: string;
    end: string;
    open: boolean;
}
interface Round {
    schoolCode: string;
    enterYear: number;
    recruitPartSeq: number;
    korName: string;
    engName: string;
    feeKrw: number;
    feeUsd: number;
    steps: string[];
    windows: Window[];
}
interface InfoItem {
    itemCode: string;
    display: boolean;
    required: boolean;
}

const dateTime = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/** The basic-info settings of one round (read-only), from the admin inquiry API. */
const RoundSettings = ({ round }: { round: Round }) => {
    const translate = useTranslate();
    const [items, setItems] = useState<InfoItem[] | null>(null);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
        let live = true;
        const url = `/apply/api-auth/admin/recruit-part/inquiry/${encodeURIComponent(round.schoolCode)}/${round.enterYear}/${round.recruitPartSeq}/0`;
        httpClient(url)
            .then(({ json }) => live && setItems((json.items ?? []) as InfoItem[]))
            .catch(() => live && setFailed(true));
        return () => {
            live = false;
        };
    }, [round.schoolCode, round.enterYear, round.recruitPartSeq]);
    if (failed) return <Typography variant="body2">{translate('app.info_inquiry.load_failed')}</Typography>;
    if (!items) return <CircularProgress size={16} aria-label={translate('ra.page.loading')} />;
    return (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {items.map(it => (
                <Chip
                    key={it.itemCode}
                    size="small"
                    variant={it.required ? 'filled' : 'outlined'}
                    label={`${it.itemCode} · ${translate(
                        it.required ? 'app.info_inquiry.required' : it.display ? 'app.info_inquiry.shown' : 'app.info_inquiry.hidden',
                    )}`}
                />
            ))}
        </Stack>
    );
};

/**
 * Round settings (spec "info-inquiry"): the rounds of a school with their
 * fees, windows, steps and basic-info settings, read-only. A school-bound
 * admin sees their school; a system admin picks one. Each round opens its
 * page of everything it is set to (info-inquiry/{id}).
 */
export const InfoInquiry = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const { identity } = useGetIdentity();
    const bound = (identity?.schoolCode as string | null | undefined) ?? '';
    const [schools, setSchools] = useState<School[]>([]);
    const [picked, setPicked] = useState('');
    const [rounds, setRounds] = useState<Round[] | null>(null);
    const [error, setError] = useState(false);
    const school = bound || picked;

    useEffect(() => {
        if (!identity || bound) return;
        httpClient('/apply/api/standard/schl')
            .then(({ json }) => {
                const list = json as School[];
                setSchools(list);
                if (list.length > 0) setPicked(p => p || list[0].schoolCode);
            })
            .catch(() => setError(true));
    }, [identity, bound]);

    useEffect(() => {
        if (!school) return;
        let live = true;
        setRounds(null);
        httpClient(`/apply/api/recruit/list?schoolCode=${encodeURIComponent(school)}`)
            .then(({ json }) => live && setRounds(json as Round[]))
            .catch(() => live && setError(true));
        return () => {
            live = false;
        };
    }, [school]);

    const name = (r: { korName: string; engName: string }) => (locale === 'en' ? r.engName || r.korName : r.korName);
    return (
        <Box sx={{ mt: 2 }} data-testid="info-inquiry">
            <Title title={translate('app.pages.infoInquiry')} />
            <Card>
                <CardContent>
                    <Typography component="h1" variant="h5" gutterBottom>
                        {translate('app.pages.infoInquiry')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" gutterBottom>
                        {translate('app.info_inquiry.intro')}
                    </Typography>
                    {!bound && schools.length > 0 && (
                        <TextField
                            select
                            size="small"
                            label={translate('app.info_inquiry.school')}
                            value={picked}
                            onChange={e => setPicked(e.target.value)}
                            sx={{ my: 2, minWidth: 280 }}
                            slotProps={{ htmlInput: { 'data-testid': 'info-inquiry-school' } }}
                        >
                            {schools.map(s => (
                                <MenuItem key={s.schoolCode} value={s.schoolCode}>
                                    {name(s)}
                                </MenuItem>
                            ))}
                        </TextField>
                    )}
                    {error && <Alert severity="error">{translate('app.info_inquiry.load_failed')}</Alert>}
                    {!error && school && !rounds && <CircularProgress aria-label={translate('ra.page.loading')} />}
                    {rounds && rounds.length === 0 && <Alert severity="info">{translate('app.info_inquiry.none')}</Alert>}
                    {rounds && rounds.length > 0 && (
                        <Box sx={{ overflowX: 'auto' }}>
                            <Table size="small" data-testid="info-inquiry-rounds">
                                <TableHead>
                                    <TableRow>
                                        <TableCell>{translate('app.info_inquiry.round')}</TableCell>
                                        <TableCell>{translate('app.info_inquiry.fee')}</TableCell>
                                        <TableCell>{translate('app.info_inquiry.windows')}</TableCell>
                                        <TableCell>{translate('app.info_inquiry.settings')}</TableCell>
                                    </TableRow>
                                </TableHead>
                                <TableBody>
                                    {rounds.map(r => (
                                        <TableRow key={`${r.enterYear}-${r.recruitPartSeq}`}>
                                            <TableCell>
                                                <Link
                                                    component={RouterLink}
                                                    to={`/info-inquiry/${encodeURIComponent(`${r.schoolCode}-${r.enterYear}-${r.recruitPartSeq}`)}`}
                                                >
                                                    {name(r)} ({r.enterYear}-{r.recruitPartSeq})
                                                </Link>
                                            </TableCell>
                                            <TableCell>
                                                {r.feeKrw.toLocaleString('ko-KR')} KRW / {(r.feeUsd / 100).toFixed(2)} USD
                                            </TableCell>
                                            <TableCell>
                                                {r.windows.map(w => (
                                                    <div key={w.type}>
                                                        {w.type}: {dateTime(w.start)} – {dateTime(w.end)}
                                                    </div>
                                                ))}
                                            </TableCell>
                                            <TableCell>
                                                <RoundSettings round={r} />
                                            </TableCell>
                                        </TableRow>
                                    ))}
                                </TableBody>
                            </Table>
                        </Box>
                    )}
                </CardContent>
            </Card>
        </Box>
    );
};

import {
    Alert,
    Box,
    Card,
    CardContent,
    Chip,
    CircularProgress,
    Link,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useDataProvider, useLocale, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { PageHeading } from '../components/PageHeading';
import { SchoolPicker, useSchoolChoice } from '../components/SchoolPicker';
import { localName } from '../schools';
import type { PagesDataProvider, SchoolRound } from './methods';

const dateTime = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/** The basic-info settings of one round (read-only), from the admin inquiry API. */
const RoundSettings = ({ round }: { round: SchoolRound }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<PagesDataProvider>();
    const { data: items, isError: failed } = useQuery({
        queryKey: ['getRoundInfoItems', round.schoolCode, round.enterYear, round.recruitPartSeq],
        queryFn: () => dataProvider.getRoundInfoItems(round),
        retry: false,
    });
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
    const dataProvider = useDataProvider<PagesDataProvider>();
    const { code: school, bound, schools, picked, setPicked, failed: listFailed } = useSchoolChoice();
    const { data: rounds, isError } = useQuery({
        queryKey: ['getSchoolRounds', school],
        queryFn: () => dataProvider.getSchoolRounds(school),
        enabled: !!school,
        retry: false,
    });
    const error = listFailed || isError;
    const name = (r: { korName: string; engName: string }) => localName(r, locale);
    return (
        <Box sx={{ mt: 2 }} data-testid="info-inquiry">
            <Title title={translate('app.pages.infoInquiry')} />
            <Card>
                <CardContent>
                    <PageHeading title="app.pages.infoInquiry" variant="page" />
                    <Typography variant="body2" color="text.secondary" gutterBottom>
                        {translate('app.info_inquiry.intro')}
                    </Typography>
                    {!bound && schools.length > 0 && <SchoolPicker schools={schools} value={picked} onChange={setPicked} />}
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
                                                        {translate(`resources.recruit-parts.windows.${w.type}`, { _: w.type })}: {dateTime(w.start)} – {dateTime(w.end)}
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

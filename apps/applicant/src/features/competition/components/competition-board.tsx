import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation, type TFunction } from '@/lib/use-translation';
import { seoulMinute } from '@/lib/format';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/components/layout/document-title';
import { useCompetition, type CompetitionLine, type CompetitionRound } from '../api/get-competition';

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const count = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 0 });

/** A ratio as Korean services write it: "3.50 : 1"; "-" without a quota. */
export function formatRatio(ratio: number | null | undefined): string {
  return ratio == null || !Number.isFinite(ratio) ? '-' : `${ratio.toFixed(2)} : 1`;
}

/** A quota, or "-" while the school has not announced it (0). */
export function formatQuota(quota: number): string {
  return quota > 0 ? count.format(quota) : '-';
}

function course(t: TFunction, isMaster: boolean): string {
  return isMaster ? t('competition.master') : t('competition.doctor');
}

const num = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
/** a column's header wraps between words only ("접수 완료"), never inside one (the body's
 * overflow-wrap: anywhere would let the table squeeze it to a character a line) */
const head = { wordBreak: 'keep-all', overflowWrap: 'normal' } as const;

/** The figures of a line (a part's or the totals), after its header cell. */
function Figures({ line }: { line: CompetitionLine }) {
  return (
    <>
      <TableCell align="right" sx={num} data-testid="competition-quota">{formatQuota(line.quota)}</TableCell>
      <TableCell align="right" sx={num} data-testid="competition-submitted">{count.format(line.submitted)}</TableCell>
      <TableCell align="right" sx={num} data-testid="competition-completed">{count.format(line.completed)}</TableCell>
      <TableCell align="right" sx={{ ...num, fontWeight: 700 }} data-testid="competition-ratio">{formatRatio(line.ratio)}</TableCell>
    </>
  );
}

function RoundTable({ round }: { round: CompetitionRound }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const name = en ? round.engName || round.korName : round.korName || round.engName;
  const headingId = `competition-round-${round.enterYear}-${round.recruitPartSeq}`;
  return (
    <Box component="section" sx={{ mb: 4 }} data-testid={`competition-round-${round.recruitPartSeq}`}
      data-round={`${round.enterYear}-${round.recruitPartSeq}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1, rowGap: 0.5 }}>
        <Typography variant="h6" component="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Chip size="small" variant="outlined" color={round.submitOpen ? 'success' : 'default'} data-testid="competition-open"
          data-open={round.submitOpen} label={round.submitOpen ? t('competition.open') : t('competition.closed')} />
      </Stack>
      {/* a phone scrolls the table inside its own box, never the page (the box is
          positioned so the hidden caption stays inside it too) */}
      <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-labelledby={headingId}
        sx={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }} data-testid="competition-table-box">
        {/* narrow cells on a phone: the five columns fit 375 px in most cases */}
        <Table size="small" sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}>
          <Box component="caption" sx={visuallyHidden}>
            {t('competition.caption', { round: name })}
          </Box>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col" sx={head}>{t('competition.major')}</TableCell>
              <TableCell component="th" scope="col" align="right" sx={head}>{t('competition.quota')}</TableCell>
              <TableCell component="th" scope="col" align="right" sx={head}>{t('competition.submitted')}</TableCell>
              <TableCell component="th" scope="col" align="right" sx={head}>{t('competition.completed')}</TableCell>
              <TableCell component="th" scope="col" align="right" sx={head}>{t('competition.ratio')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {round.parts.map((p) => (
              <TableRow key={`${p.majorCode}-${p.isMaster}`} data-testid={`competition-row-${p.majorCode}-${p.isMaster ? 'M' : 'D'}`}>
                <TableCell component="th" scope="row" sx={{ minWidth: '6.5em', wordBreak: 'keep-all', overflowWrap: 'break-word' }}>
                  <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
                    {en ? p.majorEngName || p.majorKorName : p.majorKorName || p.majorEngName}
                  </Box>
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
                    {course(t, p.isMaster)}
                  </Box>
                </TableCell>
                <Figures line={p} />
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow data-testid="competition-total" sx={{ '& th, & td': { color: 'text.primary', fontSize: '0.875rem', fontWeight: 700 } }}>
              <TableCell component="th" scope="row">{t('competition.total')}</TableCell>
              <Figures line={round.totals} />
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Box>
  );
}

export type CompetitionBoardProps = {
  /** the school's slug or code, as in the address */
  school: string;
  /** where the school's own page is */
  schoolHref: string;
};

/** /{school}/competition: the school's 경쟁률, per round a table of its parts' applicants against their quotas. */
export function CompetitionBoard({ school, schoolHref }: CompetitionBoardProps) {
  const { t, i18n } = useTranslation();
  const q = useCompetition(school);
  const en = i18n.language === 'en';
  const schoolName = q.data ? (en ? q.data.schoolEngName || q.data.schoolKorName : q.data.schoolKorName || q.data.schoolEngName) : '';
  usePageTitle(schoolName ? t('competition.pageTitle', { school: schoolName }) : null);

  let body;
  if (q.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  } else if (q.isError) {
    const unknown = q.error instanceof ApiError && q.error.status === 404;
    body = unknown ? (
      <Alert severity="warning" data-testid="competition-unknown">{t('competition.unknown')}</Alert>
    ) : (
      <Alert severity="error" data-testid="competition-error"
        action={<Button color="inherit" size="small" onClick={() => void q.refetch()}>{t('competition.retry')}</Button>}>
        {t('competition.failed')}
      </Alert>
    );
  } else {
    const rounds = q.data.rounds ?? [];
    body = (
      <>
        <Box sx={{ mb: 3 }}>
          <Typography variant="body2" data-testid="competition-counted-at" sx={{ fontWeight: 700 }}>
            {t('competition.countedAt', { at: seoulMinute(q.data.countedAt) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">{t('competition.note')}</Typography>
        </Box>
        {rounds.length === 0 ? (
          <Alert severity="info" data-testid="competition-empty">{t('competition.empty')}</Alert>
        ) : (
          rounds.map((r) => <RoundTable key={`${r.enterYear}-${r.recruitPartSeq}`} round={r} />)
        )}
      </>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 4 } }} data-testid="competition-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('competition.title')}
      </Typography>
      {schoolName && (
        <Link component={RouterLink} to={schoolHref} data-testid="competition-school" sx={{ display: 'inline-block', mt: 0.5, overflowWrap: 'anywhere' }}>
          {schoolName}
        </Link>
      )}
      <Box sx={{ mt: 3 }}>{body}</Box>
    </Container>
  );
}

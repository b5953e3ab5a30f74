import { useState } from 'react';
import { Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import type { Progress } from '../api';
import { bytesText } from './bytesText';
import type { BackofficeDataProvider } from './methods';
import { SchoolRoundPicker, useRoundChoice } from '../components/SchoolPicker';

/**
 * The exports of a round: applicants as a workbook and every document as
 * one ZIP, streamed by the server with the bytes received shown.
 */
export const ExportPanel = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const dataProvider = useDataProvider<BackofficeDataProvider>();
    const choice = useRoundChoice();
    const round = choice.round;
    const [progress, setProgress] = useState<Progress | null>(null);
    const exporting = useMutation({
        mutationFn: (kind: 'applicants' | 'documents') =>
            dataProvider.exportRound(
                kind,
                { schoolCode: round?.schoolCode ?? '', enterYear: String(round?.enterYear ?? ''), recruitPartSeq: String(round?.recruitPartSeq ?? '') },
                setProgress,
            ),
        onMutate: () => setProgress({ received: 0, total: 0 }),
        onSuccess: name => notify(translate('backoffice.export.done', { name }), { type: 'success' }),
        onError: e => notify(e.message ? e.message : 'backoffice.export.failed', { type: 'error' }),
    });
    const busy = exporting.isPending ? exporting.variables : null;
    const run = (kind: 'applicants' | 'documents') => exporting.mutate(kind);
    // The documents' total is an estimate (the PDFs are made as they are
    // sent): past it, the bar no longer claims to know how much is left.
    const known = progress !== null && progress.total > 0 && progress.received <= progress.total;
    const pct = known ? (progress.received / progress.total) * 100 : undefined;
    return (
        <Card variant="outlined" sx={{ mb: 2 }} data-testid="export-panel">
            <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                    {translate('backoffice.export.title')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                    {translate('backoffice.export.intro')}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
                    <SchoolRoundPicker choice={choice} testid="export" />
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <Button variant="contained" disabled={busy !== null || !round} onClick={() => run('applicants')} data-testid="export-excel">
                        {translate('backoffice.export.excel')}
                    </Button>
                    <Button variant="outlined" disabled={busy !== null || !round} onClick={() => run('documents')} data-testid="export-zip">
                        {translate('backoffice.export.zip')}
                    </Button>
                </Stack>
                {busy && progress && (
                    <Box sx={{ mt: 2 }} role="status" aria-live="polite">
                        <LinearProgress variant={pct === undefined ? 'indeterminate' : 'determinate'} value={pct}
                            aria-label={translate(busy === 'applicants' ? 'backoffice.export.excel' : 'backoffice.export.zip')} />
                        <Typography variant="caption">
                            {known
                                ? translate('backoffice.export.progress_of', { received: bytesText(progress.received), total: bytesText(progress.total) })
                                : translate('backoffice.export.progress', { received: bytesText(progress.received) })}
                        </Typography>
                    </Box>
                )}
            </CardContent>
        </Card>
    );
};

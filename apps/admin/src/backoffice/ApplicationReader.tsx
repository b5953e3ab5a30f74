import { Alert, Box, Button, Typography } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Show, useDataProvider, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { PageHeading } from '../components/PageHeading';
import { PaymentSection, ReviewPanel, StaffBasic, StaffLinks, StaffSummary, Title } from './ApplicationShow';
import type { BackofficeDataProvider } from './methods';
import { ReaderNav } from './ReaderNav';
import { ReaderContents, ReaderDocuments, ReaderHistory, ReaderLetters, ReaderSectionCard } from './ReaderPanels';

/**
 * The reader (issue 23 item 1): the whole application as the applicant
 * filled it, every step with labels and names in the staff member's
 * language (the server's print model), the documents and letters to read
 * in the page, the money, the review with its history, the trail of who
 * read or changed it, and the staff's actions; previous and next through
 * the list as it was left.
 */
const ReaderView = () => {
    const record = useRecordContext();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const dataProvider = useDataProvider<BackofficeDataProvider>();
    const applNo = record?.id;
    const reader = useQuery({
        queryKey: ['getApplicationReader', applNo, locale],
        queryFn: () => dataProvider.getApplicationReader(applNo!),
        enabled: applNo != null,
        retry: false,
    });
    if (!record) return null;
    const data = reader.data;
    // The documents step is shown with its files to preview, in the form's place.
    const docsStep = data?.sections.find(s => s.key === 'documents');
    const contents = [
        ...(data?.sections ?? []).map(s => ({ id: `reader-${s.key}`, title: s.title })),
        ...(docsStep ? [] : [{ id: 'reader-documents', title: translate('backoffice.appl.documents') }]),
        ...(record.mayLetters ? [{ id: 'reader-letters', title: translate('reader.letters') }] : []),
        { id: 'reader-staff', title: translate('reader.staff') },
    ];
    return (
        <Box sx={{ p: { xs: 1, sm: 2 } }} data-testid="reader">
            <PageHeading>{translate('backoffice.appl.title', { applNo: record.applNo })}</PageHeading>
            <ReaderNav id={record.id} />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1, mb: 1 }}>
                <Typography variant="h5" component="p" sx={{ wordBreak: 'break-word' }}>
                    {record.applicantName || '-'}
                    {record.applId && <Typography component="span" variant="body1" color="text.secondary"> · {record.applId}</Typography>}
                </Typography>
                <Button size="small" variant="outlined" startIcon={<PictureAsPdfIcon />} href={`/apply/api-auth/appl/print/${record.applNo}`}
                    download data-testid="reader-pdf">
                    {translate('reader.pdf')}
                </Button>
            </Box>
            <ReaderContents items={contents} />
            {reader.isError && <Alert severity="error" sx={{ mb: 2 }}>{translate('reader.failed')}</Alert>}
            {data?.sections.map(s => (s === docsStep
                ? <ReaderDocuments key={s.key} applNo={Number(record.id)} section={s} />
                : <ReaderSectionCard key={s.key} section={s} />))}
            {(reader.isError || (data && !docsStep)) && <ReaderDocuments applNo={Number(record.id)} />}
            {record.mayLetters && <ReaderLetters applNo={Number(record.id)} />}
            <Box id="reader-staff" sx={{ scrollMarginTop: 72 }}>
                <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>{translate('reader.staff')}</Typography>
                <StaffSummary record={record} />
                <PaymentSection record={record} />
                <StaffBasic record={record} />
                <StaffLinks record={record} />
                {record.mayReview && <ReviewPanel record={record} />}
                {data && !data.reviewer && <ReaderHistory reviews={data.reviews} trail={data.trail} />}
            </Box>
        </Box>
    );
};

/** One application as staff read it (spec appl/basic/{applNo}); every read is logged by the server. */
export const ApplicationReader = () => (
    <Show title={<Title />} actions={false}>
        <ReaderView />
    </Show>
);

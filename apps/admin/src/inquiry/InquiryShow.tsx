import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Link, Stack, TextField, Typography } from '@mui/material';
import { Show, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { fieldErrors } from '../apiErrors';
import { PageHeading } from '../components/PageHeading';
import type { InquiryDataProvider } from './methods';
import { formatDateTime } from '../format';
import { InquiryStatusField } from './InquiryList';

interface Post {
    staff: boolean;
    author?: string;
    body: string;
    at: string;
}

const Message = ({ title, at, body, staff, testid }: { title: string; at: string; body: string; staff?: boolean; testid: string }) => (
    <Card variant="outlined" sx={{ mb: 2, borderColor: staff ? 'primary.light' : undefined }} data-testid={testid}>
        <CardContent>
            <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
                {title} · {formatDateTime(at)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mt: 1 }}>{body}</Typography>
        </CardContent>
    </Card>
);

const InquiryView = () => {
    const record = useRecordContext();
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<InquiryDataProvider>();
    const [text, setText] = useState('');
    const [error, setError] = useState('');
    const { mutate: call, isPending: busy } = useMutation({
        mutationFn: ({ run }: { run: () => Promise<unknown>; done: string }) => run(),
        onSuccess: (_, { done }) => {
            notify(done, { type: 'success' });
            setError('');
            setText('');
            refresh();
        },
        onError: e => {
            const f = fieldErrors(e);
            setError(f.body || f.status || e.message);
        },
    });
    if (!record) return null;
    const posts = (record.posts ?? []) as Post[];
    return (
        <Box sx={{ p: { xs: 1, sm: 2 } }}>
            <PageHeading>{`${translate('resources.inquiries.name')}: ${record.title}`}</PageHeading>
            <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="h6" component="p" sx={{ wordBreak: 'break-word' }} data-testid="inquiry-title">{record.title}</Typography>
                <InquiryStatusField />
                <Typography variant="body2">
                    {translate(`inquiry.types.${record.type}`)} · {record.userId} · {record.schoolCode || translate('inquiry.no_school')} · #{record.id}
                </Typography>
            </Stack>
            <Message title={translate('inquiry.question')} at={record.createdAt} body={record.body ?? ''} testid="inquiry-question" />
            {record.file && (
                <Typography variant="body2" sx={{ mb: 2 }}>
                    {translate('inquiry.attachment')}: <Link href={record.file.path} data-testid="inquiry-file">{record.file.name}</Link>
                </Typography>
            )}
            {posts.map((p, i) => (
                <Message key={i} staff={p.staff} at={p.at} body={p.body} testid={p.staff ? 'inquiry-answer' : 'inquiry-followup'}
                    title={`${translate(p.staff ? 'inquiry.answer' : 'inquiry.follow_up')} · ${translate('inquiry.by', { by: p.author ?? '' })}`} />
            ))}
            {record.status === 'closed' ? (
                <Alert severity="info">{translate('inquiry.closed_note')}</Alert>
            ) : (
                <Card variant="outlined" data-testid="inquiry-answer-panel">
                    <CardContent>
                        <Typography variant="h6" component="h2" gutterBottom>{translate('inquiry.answer_title')}</Typography>
                        <TextField fullWidth multiline minRows={4} label={translate('inquiry.answer_label')} value={text}
                            onChange={e => setText(e.target.value)} error={!!error} helperText={error || translate('inquiry.answer_help')}
                            slotProps={{ htmlInput: { 'data-testid': 'inquiry-answer-body' } }} />
                        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
                            <Button variant="contained" disabled={busy} data-testid="inquiry-answer-submit"
                                onClick={() => call({ run: () => dataProvider.answerInquiry(record.id, text), done: 'inquiry.sent' })}>
                                {translate('inquiry.send')}
                            </Button>
                            <Button variant="outlined" disabled={busy} data-testid="inquiry-close"
                                onClick={() => call({ run: () => dataProvider.setInquiryStatus(record.id, 'closed'), done: 'inquiry.closed' })}>
                                {translate('inquiry.close')}
                            </Button>
                        </Stack>
                    </CardContent>
                </Card>
            )}
        </Box>
    );
};

const Title = () => {
    const record = useRecordContext();
    return <span>{record?.title ?? ''}</span>;
};

/** One inquiry with its thread and the answer form; reading it is logged by the server. */
export const InquiryShow = () => (
    <Show actions={false} title={<Title />}>
        <InquiryView />
    </Show>
);

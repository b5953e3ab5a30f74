import { useState } from 'react';
import { Box, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { visuallyHidden } from '@mui/utils';
import { formatDateTime } from '../format';
import type { BackofficeDataProvider, ReaderEntry, ReaderSection } from './methods';
import { ReaderPanel as Panel, ReaderSectionRows } from '../components/ReaderSections';

export { ReaderSectionCard } from '../components/ReaderSections';

/** How a file can be shown in the page: a PDF in a frame, a picture as an image; anything else is only downloaded. */
export const previewKind = (fileName: string | null | undefined): 'pdf' | 'image' | null => {
    const ext = (fileName ?? '').toLowerCase().split('.').pop() ?? '';
    if (ext === 'pdf') return 'pdf';
    if (['jpg', 'jpeg', 'png', 'gif'].includes(ext)) return 'image';
    return null;
};

/** The inline address of a staff file route (the server then lets our pages frame it). */
export const inlineUrl = (path: string) => `${path}${path.includes('?') ? '&' : '?'}inline=1`;

/** A file shown in the page: a PDF in a frame, a picture as an image. */
const Preview = ({ path, name, kind }: { path: string; name: string; kind: 'pdf' | 'image' }) =>
    kind === 'pdf' ? (
        <Box component="iframe" src={inlineUrl(path)} title={name} data-testid="reader-preview"
            sx={{ width: '100%', height: { xs: 360, sm: 560 }, border: '1px solid', borderColor: 'divider', borderRadius: 1 }} />
    ) : (
        <Box component="img" src={inlineUrl(path)} alt={name} data-testid="reader-preview"
            sx={{ maxWidth: '100%', maxHeight: 560, display: 'block', border: '1px solid', borderColor: 'divider', borderRadius: 1 }} />
    );

/** One file: its names, a preview to open and close, and the download. */
const FileRow = ({ label, fileName, path, testid, open, onToggle }: {
    label: string; fileName: string; path: string; testid: string; open: boolean; onToggle: () => void;
}) => {
    const translate = useTranslate();
    const kind = previewKind(fileName);
    return (
        <Box sx={{ py: 1, borderBottom: '1px solid', borderColor: 'divider' }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{label}</Typography>
                <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>{fileName}</Typography>
                {kind && (
                    <Button size="small" onClick={onToggle} aria-expanded={open} data-testid={`${testid}-preview`}>
                        {translate(open ? 'reader.preview_hide' : 'reader.preview')}
                    </Button>
                )}
                <MuiLink href={path} download data-testid={testid}>{translate('backoffice.appl.download')}<Box component="span" sx={visuallyHidden}> {fileName}</Box></MuiLink>
            </Box>
            {open && kind && <Box sx={{ mt: 1 }}><Preview path={path} name={`${label}: ${fileName}`} kind={kind} /></Box>}
        </Box>
    );
};

/**
 * The uploaded documents, previewed in the page (the first one open) and
 * downloadable; each read is logged by the server. In the form's place of
 * the documents step: the step's other rows (a required document not
 * submitted, an extra file) are listed under the files.
 */
export const ReaderDocuments = ({ applNo, section }: { applNo: number; section?: ReaderSection }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const dataProvider = useDataProvider<BackofficeDataProvider>();
    const { data, isError } = useQuery({
        queryKey: ['getApplicationDocuments', applNo],
        queryFn: () => dataProvider.getApplicationDocuments(applNo),
        retry: false,
    });
    const [opened, setOpened] = useState<Record<string, boolean>>({});
    const docs = isError ? [] : data;
    const first = docs?.find(d => previewKind(d.fileName))?.fileKey;
    const name = (d: { korName: string; engName: string }) => (locale === 'en' ? d.engName || d.korName : d.korName);
    const listed = new Set((docs ?? []).map(name));
    const others = (section?.blocks ?? []).flatMap(b => b.fields).filter(f => !listed.has(f.label));
    return (
        <Panel title={section?.title ?? translate('backoffice.appl.documents')} testid="reader-section-documents" id="reader-documents">
            {docs && docs.length === 0 && <Typography variant="body2">{translate('backoffice.appl.no_documents')}</Typography>}
            {docs?.map(d => {
                const key = d.fileKey ?? d.code;
                const open = opened[key] ?? key === first;
                return (
                    <FileRow key={key} label={name(d)} fileName={d.fileName ?? ''}
                        path={d.filePath ?? `/apply/api-auth/appl/doc/file/${applNo}/${d.fileKey}`} testid={`doc-${d.code}`}
                        open={open} onToggle={() => setOpened(o => ({ ...o, [key]: !open }))} />
                );
            })}
            {others.length > 0 && <ReaderSectionRows fields={others} />}
        </Panel>
    );
};

/** The letters: each recommender's status, and a submitted letter to read in the page or download. */
export const ReaderLetters = ({ applNo }: { applNo: number }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<BackofficeDataProvider>();
    const { data, isError } = useQuery({
        queryKey: ['getApplicationLetters', applNo],
        queryFn: () => dataProvider.getApplicationLetters(applNo),
        retry: false,
    });
    const [opened, setOpened] = useState<Record<string, boolean>>({});
    return (
        <Panel title={translate('reader.letters')} testid="reader-letters" id="reader-letters">
            {isError && <Typography variant="body2">{translate('reader.letters_failed')}</Typography>}
            {data && data.length === 0 && <Typography variant="body2">{translate('reader.no_letters')}</Typography>}
            {data?.map(l => (
                <Box key={l.reqNo} sx={{ py: 1, borderBottom: '1px solid', borderColor: 'divider' }} data-testid={`reader-letter-${l.reqNo}`}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>{l.profName}{l.institution ? ` · ${l.institution}` : ''}</Typography>
                    <Typography variant="body2">
                        {translate(`reader.letter_status.${l.status}`, { _: translate('reader.unknown') })}
                        {l.submittedAt ? ` · ${translate('reader.letter_submitted', { at: formatDateTime(l.submittedAt) })}` : ''}
                    </Typography>
                    {l.pdfPath && (
                        <FileRow label={translate('reader.letter_pdf')} fileName={`${l.profName}.pdf`} path={l.pdfPath} testid={`reader-letter-pdf-${l.reqNo}`}
                            open={!!opened[`p${l.reqNo}`]} onToggle={() => setOpened(o => ({ ...o, [`p${l.reqNo}`]: !o[`p${l.reqNo}`] }))} />
                    )}
                    {l.filePath && (
                        <FileRow label={translate('reader.letter_file')} fileName={l.fileName} path={l.filePath} testid={`reader-letter-file-${l.reqNo}`}
                            open={!!opened[`f${l.reqNo}`]} onToggle={() => setOpened(o => ({ ...o, [`f${l.reqNo}`]: !o[`f${l.reqNo}`] }))} />
                    )}
                </Box>
            ))}
        </Panel>
    );
};

/** What an access-log row says, in words: the action, then its reason, step or fields. */
export const useEntryText = () => {
    const translate = useTranslate();
    return (e: ReaderEntry) => {
        const d = e.detail ?? {};
        const parts = [translate(`reader.actions.${e.action}`, { _: translate('reader.actions.other') })];
        if (typeof d.action === 'string') parts.push(translate(`reader.review_actions.${d.action}`, { _: translate('reader.unknown') }));
        if (typeof d.step === 'string' && d.step) parts.push(translate(`backoffice.status.${d.step}`, { _: translate('reader.unknown') }));
        if (Array.isArray(d.fields)) parts.push(d.fields.map(f => translate(`backoffice.appl.fields.${f}`, { _: String(f) })).join(', '));
        if (d.printed === 'application' || d.printed === 'slip') parts.push(translate(`reader.printed.${d.printed}`));
        if (d.section === 'reader') parts.push(translate('reader.in_reader'));
        if (d.as === 'reviewer') parts.push(translate('reader.as_reviewer'));
        if (typeof d.reason === 'string' && d.reason) parts.push(`"${d.reason}"`);
        return parts.join(' · ');
    };
};

const EntryList = ({ entries, testid }: { entries: ReaderEntry[]; testid: string }) => {
    const text = useEntryText();
    return (
        <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none' }} data-testid={testid}>
            {entries.map(e => (
                <Box component="li" key={e.id} sx={{ py: 0.75, borderBottom: '1px solid', borderColor: 'divider' }}>
                    <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                        <Box component="span" sx={{ color: 'text.secondary' }}>{formatDateTime(e.createdAt)} · {e.actor}</Box>
                        {' '}{text(e)}
                    </Typography>
                </Box>
            ))}
        </Box>
    );
};

/** The review history (oldest first) and the application's access-log trail (newest first). */
export const ReaderHistory = ({ reviews, trail }: { reviews: ReaderEntry[]; trail: ReaderEntry[] }) => {
    const translate = useTranslate();
    return (
        <>
            <Panel title={translate('reader.reviews')} testid="reader-reviews" id="reader-reviews">
                {reviews.length === 0 ? <Typography variant="body2">{translate('reader.no_reviews')}</Typography> : <EntryList entries={reviews} testid="reader-reviews-list" />}
            </Panel>
            <Panel title={translate('reader.trail')} testid="reader-trail" id="reader-trail">
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('reader.trail_note', { n: 50 })}</Typography>
                <EntryList entries={trail} testid="reader-trail-list" />
            </Panel>
        </>
    );
};

/** Jump links to the sections, for a long application. */
export const ReaderContents = ({ items }: { items: { id: string; title: string }[] }) => {
    const translate = useTranslate();
    return (
        <Box component="nav" aria-label={translate('reader.contents')} sx={{ mb: 2 }}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                {items.map(i => (
                    <Button key={i.id} size="small" variant="text" sx={{ minWidth: 0 }}
                        onClick={() => document.getElementById(i.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}>
                        {i.title}
                    </Button>
                ))}
            </Stack>
        </Box>
    );
};

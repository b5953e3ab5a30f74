import { Box, Card, CardContent, Typography } from '@mui/material';

/** One row of the reader: its label in the staff's language and the value, a name and never a code. */
export interface ReaderField {
    label: string;
    value: string;
    /** Free text (essays, duties): shown under its label across the width. */
    long: boolean;
}

/** One step of the application as the reader answers it (GET applications/{applNo}/reader). */
export interface ReaderSection {
    /** Stable across languages ("basic-information"). */
    key: string;
    title: string;
    blocks: { title: string; fields: ReaderField[] }[];
}

/**
 * A step of the application as the applicant filled it, for staff (the
 * back office's reader) and for an assigned reviewer (the scoring page).
 */
export const ReaderPanel = ({ title, testid, id, children }: { title: string; testid?: string; id?: string; children: React.ReactNode }) => (
    <Card variant="outlined" sx={{ mb: 2, scrollMarginTop: 72 }} data-testid={testid} id={id}>
        <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>{title}</Typography>
            {children}
        </CardContent>
    </Card>
);

/** Rows as a description list: label and value side by side, stacked on a phone; free text across the width. */
export const ReaderSectionRows = ({ fields }: { fields: ReaderField[] }) => (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 220px) 1fr' }, columnGap: 2 }}>
        {fields.map((f, j) => (
            <Box key={j} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary"
                    sx={{ pt: 0.75, gridColumn: f.long ? '1 / -1' : undefined }}>{f.label}</Typography>
                <Typography component="dd" variant="body2"
                    sx={{ m: 0, py: 0.75, borderBottom: '1px solid', borderColor: 'divider', whiteSpace: f.long ? 'pre-wrap' : undefined,
                        wordBreak: 'break-word', gridColumn: f.long ? '1 / -1' : undefined }}>{f.value}</Typography>
            </Box>
        ))}
    </Box>
);

/** One section of the form as the applicant filled it. */
export const ReaderSectionCard = ({ section }: { section: ReaderSection }) => (
    <ReaderPanel title={section.title} testid={`reader-section-${section.key}`} id={`reader-${section.key}`}>
        {section.blocks.map((b, i) => (
            <Box key={i} sx={{ mt: i ? 2 : 0 }}>
                {b.title && <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{b.title}</Typography>}
                <ReaderSectionRows fields={b.fields} />
            </Box>
        ))}
    </ReaderPanel>
);


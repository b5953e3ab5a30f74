import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../format';

/** A timestamp as yyyy-MM-dd HH:mm in Asia/Seoul; emptyText (a key) when absent. */
export const DateTimeField = ({ source, emptyText }: { source: string; label?: string; emptyText?: string }) => {
    const record = useRecordContext();
    const translate = useTranslate();
    const value = record ? formatDateTime(record[source]) : '';
    const text = value || (emptyText ? translate(emptyText) : '');
    const iso = record?.[source] ? String(record[source]) : undefined;
    return (
        <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {iso && value ? <time dateTime={iso}>{value}</time> : text}
        </Typography>
    );
};

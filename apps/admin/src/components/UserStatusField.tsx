import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

export const USER_STATUSES = ['ACTIVE', 'INACTIVE', 'WITHDRAW'] as const;

// Outlined chips use the colour as text on white: only colours with at
// least 4.5:1 contrast there (not MUI's orange warning).
const COLORS: Record<string, ChipProps['color']> = {
    ACTIVE: 'success',
    INACTIVE: 'default',
    WITHDRAW: 'error',
};

/** User status (spec section 4) as a chip. */
export const UserStatusField = (_props: { source?: string; label?: string; sortable?: boolean }) => {
    const record = useRecordContext();
    const translate = useTranslate();
    const status = record?.status as string | undefined;
    if (!status) return null;
    return (
        <Chip
            size="small"
            variant={status === 'ACTIVE' ? 'filled' : 'outlined'}
            color={COLORS[status] ?? 'default'}
            label={translate(`resources.users.status.${status}`, { _: status })}
            data-status={status}
        />
    );
};

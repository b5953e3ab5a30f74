import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** Roles as small chips in the user's language (the code in the tooltip). */
export const RolesField = (_props: { source?: string; label?: string; sortable?: boolean }) => {
    const record = useRecordContext();
    const translate = useTranslate();
    const roles: string[] = Array.isArray(record?.roles) ? record.roles : [];
    return (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {roles.map(role => (
                <Chip
                    key={role}
                    size="small"
                    variant="outlined"
                    title={role}
                    label={translate(`resources.users.roles.${role}`, { _: role })}
                />
            ))}
        </Stack>
    );
};

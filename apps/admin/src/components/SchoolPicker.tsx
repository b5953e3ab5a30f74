import { useState } from 'react';
import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';
import { useGetIdentity, useGetList, useLocale, useTranslate } from 'react-admin';
import { localName, type School } from '../schools';

/**
 * The school a page works on: a school-bound admin's own school, else the
 * one picked from the schools the caller manages (the first by default).
 */
export const useSchoolChoice = () => {
    const { identity } = useGetIdentity();
    const bound = (identity?.schoolCode as string | null | undefined) ?? '';
    const { data, error } = useGetList<School>(
        'schools',
        { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } },
        { enabled: !!identity && !bound, retry: false },
    );
    const schools = data ?? [];
    const [choice, setPicked] = useState('');
    const picked = choice || schools[0]?.id || '';
    return { code: bound || picked, bound, schools, picked, setPicked, failed: !!error };
};

/** A select of schools by name, shown to callers not bound to one. */
export const SchoolPicker = ({
    schools,
    value,
    onChange,
    sx = { my: 2, minWidth: 280 },
}: {
    schools: School[];
    value: string;
    onChange: (code: string) => void;
    sx?: SxProps<Theme>;
}) => {
    const translate = useTranslate();
    const locale = useLocale();
    return (
        <TextField
            select
            size="small"
            label={translate('app.info_inquiry.school')}
            value={value}
            onChange={e => onChange(e.target.value)}
            sx={sx}
            slotProps={{ htmlInput: { 'data-testid': 'school-picker' } }}
        >
            {schools.map(s => (
                <MenuItem key={s.id} value={s.id}>
                    {localName(s, locale)}
                </MenuItem>
            ))}
        </TextField>
    );
};

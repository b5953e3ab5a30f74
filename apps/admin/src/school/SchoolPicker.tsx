import { useEffect, useState } from 'react';
import { MenuItem, TextField as MuiTextField } from '@mui/material';
import { useGetIdentity, useLocale, useTranslate } from 'react-admin';
import { httpClient } from '../httpClient';
import { ADMIN_API } from '../dataProvider';

export interface SchoolRow {
    id: string;
    korName: string;
    engName: string;
}

/**
 * The school a page works on: a school-bound admin's own school, else the
 * one picked from the schools the caller manages (the first by default).
 */
export const useSchoolChoice = () => {
    const { identity } = useGetIdentity();
    const bound = (identity?.schoolCode as string | null | undefined) ?? '';
    const [schools, setSchools] = useState<SchoolRow[]>([]);
    const [picked, setPicked] = useState('');
    const [failed, setFailed] = useState(false);
    useEffect(() => {
        if (!identity || bound) return;
        httpClient(`${ADMIN_API}/schools`)
            .then(({ json }) => {
                const list = json as SchoolRow[];
                setSchools(list);
                if (list.length > 0) setPicked(p => p || list[0].id);
            })
            .catch(() => setFailed(true));
    }, [identity, bound]);
    return { code: bound || picked, bound, schools, picked, setPicked, failed };
};

/** A select of schools by name (shown to callers not bound to one). */
export const SchoolPicker = ({ schools, value, onChange }: { schools: SchoolRow[]; value: string; onChange: (code: string) => void }) => {
    const translate = useTranslate();
    const locale = useLocale();
    return (
        <MuiTextField
            select
            size="small"
            label={translate('app.info_inquiry.school')}
            value={value}
            onChange={e => onChange(e.target.value)}
            sx={{ my: 2, minWidth: 280 }}
        >
            {schools.map(s => (
                <MenuItem key={s.id} value={s.id}>
                    {locale === 'en' ? s.engName : s.korName}
                </MenuItem>
            ))}
        </MuiTextField>
    );
};

import { useEffect, useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { httpClient } from '../httpClient';
import { ADMIN_API } from '../dataProvider';

export interface RoundRow {
    id: string;
    korName: string;
    engName: string;
    schoolKorName: string;
    schoolEngName: string;
    enterYear: number;
    recruitPartSeq: number;
}

/** The rounds the caller manages (the server scopes the list to their school). */
export const useRounds = () => {
    const [rounds, setRounds] = useState<RoundRow[] | null>(null);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
        let live = true;
        const range = encodeURIComponent('[0,99]');
        const sort = encodeURIComponent('["enterYear","DESC"]');
        httpClient(`${ADMIN_API}/recruit-parts?range=${range}&sort=${sort}`)
            .then(({ json }) => live && setRounds(json as RoundRow[]))
            .catch(() => live && setFailed(true));
        return () => {
            live = false;
        };
    }, []);
    return { rounds, failed };
};

/** A select of rounds by name. */
export const RoundPicker = ({ rounds, value, onChange }: { rounds: RoundRow[]; value: string; onChange: (id: string) => void }) => {
    const translate = useTranslate();
    const locale = useLocale();
    return (
        <TextField
            select
            size="small"
            label={translate('resources.recruit-parts.name', { smart_count: 1 })}
            value={value}
            onChange={e => onChange(e.target.value)}
            sx={{ minWidth: { sm: 280 }, width: { xs: 'calc(100vw - 48px)', sm: 'auto' }, my: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'round-picker' } }}
        >
            {rounds.map(r => (
                <MenuItem key={r.id} value={r.id}>
                    {locale === 'en' ? `${r.schoolEngName} · ${r.engName}` : `${r.schoolKorName} · ${r.korName}`} ({r.enterYear}-{r.recruitPartSeq})
                </MenuItem>
            ))}
        </TextField>
    );
};

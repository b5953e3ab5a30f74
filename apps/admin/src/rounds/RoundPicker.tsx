import { MenuItem, TextField } from '@mui/material';
import { useGetList, useLocale, useTranslate } from 'react-admin';

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
    const { data, error } = useGetList<RoundRow>(
        'recruit-parts',
        { pagination: { page: 1, perPage: 100 }, sort: { field: 'enterYear', order: 'DESC' } },
        { retry: false },
    );
    return { rounds: data ?? null, failed: !!error };
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

import { useState } from 'react';
import { MenuItem, TextField, Typography, type SxProps, type Theme } from '@mui/material';
import {
    SelectInput,
    useDataProvider,
    useGetIdentity,
    useGetList,
    useLocale,
    useRecordContext,
    useTranslate,
    type DataProvider,
    type SelectInputProps,
} from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { localName, type School } from '../schools';
import type { PickerMethods, RoundChoice } from './pickerMethods';

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

/**
 * Every school the caller may choose, by name: the admin API's list where
 * their role reads it, else the public list applicants see (settlement and
 * closing staff). Shared by pickers, filters and name columns (one request).
 */
export const useStaffSchools = () => {
    const { identity } = useGetIdentity();
    const dataProvider = useDataProvider<DataProvider & PickerMethods>();
    return useQuery({
        queryKey: ['picker', 'schools'],
        queryFn: async () => {
            try {
                const { data } = await dataProvider.getList<School>('schools', {
                    pagination: { page: 1, perPage: 1000 },
                    sort: { field: 'id', order: 'ASC' },
                    filter: {},
                });
                return data;
            } catch (e) {
                if ((e as { status?: number }).status === 403) return dataProvider.getPublicSchools();
                throw e;
            }
        },
        enabled: !!identity,
        retry: false,
        staleTime: 5 * 60_000,
    });
};

/** A school code's name in the reader's language (the code while the names load or when unknown). */
export const useSchoolName = () => {
    const locale = useLocale();
    const { data } = useStaffSchools();
    return (code: string | null | undefined) => {
        if (!code) return '';
        const s = data?.find(x => x.id === code);
        return s ? localName(s, locale) : code;
    };
};

/** A list column or show field with the record's school by name. */
export const SchoolNameField = ({ source = 'schoolCode', emptyText = '' }: { source?: string; label?: string; sortable?: boolean; emptyText?: string }) => {
    const record = useRecordContext();
    const name = useSchoolName();
    const code = record?.[source] as string | undefined;
    return (
        <Typography component="span" variant="body2">
            {code ? name(code) : emptyText}
        </Typography>
    );
};

/** A filter or form input choosing a school by name (the value is its code). */
export const SchoolSelectInput = (props: Omit<SelectInputProps, 'choices'>) => {
    const locale = useLocale();
    const { data, isPending } = useStaffSchools();
    return (
        <SelectInput
            source="schoolCode"
            {...props}
            isPending={isPending}
            choices={(data ?? []).map(s => ({ id: s.id, name: localName(s, locale) }))}
            translateChoice={false}
        />
    );
};

const byNewest = (a: RoundChoice, b: RoundChoice) => b.enterYear - a.enterYear || a.recruitPartSeq - b.recruitPartSeq;

/**
 * The schools a staff member may pick and the rounds of the picked one:
 * from the admin API where their role lists them, else from the public
 * lists applicants see (settlement and closing staff). A school-bound
 * admin's school is fixed; the newest round is picked until one is chosen.
 */
export const useRoundChoice = () => {
    const { identity } = useGetIdentity();
    const bound = (identity?.schoolCode as string | null | undefined) ?? '';
    const dataProvider = useDataProvider<DataProvider & PickerMethods>();
    const schoolsQuery = useStaffSchools();
    const all = schoolsQuery.data ?? [];
    const schools = bound ? all.filter(s => s.id === bound) : all;
    const [pickedSchool, setPickedSchool] = useState('');
    const schoolCode = bound || pickedSchool || schools[0]?.id || '';
    const roundsQuery = useQuery({
        queryKey: ['picker', 'rounds', schoolCode],
        queryFn: async (): Promise<RoundChoice[]> => {
            try {
                const { data } = await dataProvider.getList<RoundChoice>('recruit-parts', {
                    pagination: { page: 1, perPage: 100 },
                    sort: { field: 'enterYear', order: 'DESC' },
                    filter: { schoolCode },
                });
                return data.filter(r => r.schoolCode === schoolCode);
            } catch (e) {
                if ((e as { status?: number }).status === 403) return dataProvider.getPublicRounds(schoolCode);
                throw e;
            }
        },
        enabled: !!schoolCode,
        retry: false,
    });
    const rounds = [...(roundsQuery.data ?? [])].sort(byNewest);
    const [pickedRound, setPickedRound] = useState('');
    const round = rounds.find(r => r.id === pickedRound) ?? rounds[0];
    return {
        bound,
        schools: bound && schools.length === 0 ? [{ id: bound, korName: bound, engName: bound }] : schools,
        schoolCode,
        setSchool: (code: string) => {
            setPickedSchool(code);
            setPickedRound('');
        },
        rounds,
        round,
        setRound: setPickedRound,
        loading: schoolsQuery.isPending || (!!schoolCode && roundsQuery.isPending),
        failed: !!schoolsQuery.error || !!roundsQuery.error,
    };
};

/** A round's name in the reader's language with its year and number (never its code alone). */
export const roundLabel = (r: RoundChoice, locale: string) => {
    const name = localName(r, locale);
    return `${r.enterYear} · ${name || `${r.recruitPartSeq}`}`;
};

/**
 * A school select and a round select by name (native selects, the value is
 * the code and the round's id). `testid` prefixes their data-testid:
 * `${testid}-school`, `${testid}-round`.
 */
export const SchoolRoundPicker = ({ choice, testid, withRound = true }: { choice: ReturnType<typeof useRoundChoice>; testid: string; withRound?: boolean }) => {
    const translate = useTranslate();
    const locale = useLocale();
    return (
        <>
            <TextField
                select
                size="small"
                label={translate('app.picker.school')}
                value={choice.schoolCode}
                disabled={!!choice.bound}
                onChange={e => choice.setSchool(e.target.value)}
                sx={{ minWidth: 220 }}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testid}-school`, name: 'school' } }}
            >
                {choice.schools.length === 0 && <option value="">{translate('app.picker.no_school')}</option>}
                {choice.schools.map(s => (
                    <option key={s.id} value={s.id}>
                        {localName(s, locale)}
                    </option>
                ))}
            </TextField>
            {withRound && (
                <TextField
                    select
                    size="small"
                    label={translate('app.picker.round')}
                    value={choice.round?.id ?? ''}
                    disabled={choice.rounds.length === 0}
                    onChange={e => choice.setRound(e.target.value)}
                    sx={{ minWidth: 260 }}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testid}-round`, name: 'round' } }}
                >
                    {choice.rounds.length === 0 && <option value="">{translate(choice.loading ? 'ra.page.loading' : 'app.picker.no_round')}</option>}
                    {choice.rounds.map(r => (
                        <option key={r.id} value={r.id}>
                            {roundLabel(r, locale)}
                        </option>
                    ))}
                </TextField>
            )}
        </>
    );
};

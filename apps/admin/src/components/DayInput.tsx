import type { ReactNode } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import 'dayjs/locale/ko';
import dayjs from 'dayjs';
import { useInput, useLocale, useTranslate, type InputProps } from 'react-admin';

/**
 * A yyyy-MM-dd day (Asia/Seoul, as the server reads it) with the MUI date
 * picker; the form value stays the text the API takes, and the server's
 * error for the field shows under it.
 */
export const DayInput = (props: InputProps & { label: string }) => {
    const translate = useTranslate();
    const { field, fieldState, isRequired } = useInput(props);
    const value = field.value ? dayjs(field.value as string, 'YYYY-MM-DD') : null;
    const error = fieldState.error?.message;
    return (
        <DatePicker
            label={props.label}
            format="YYYY-MM-DD"
            value={value && value.isValid() ? value : null}
            onChange={d => field.onChange(d && d.isValid() ? d.format('YYYY-MM-DD') : '')}
            slotProps={{
                textField: {
                    name: field.name,
                    onBlur: field.onBlur,
                    required: isRequired,
                    error: !!error,
                    helperText: error ? translate(error, { _: error }) : ' ',
                    size: 'small',
                    id: `day-${field.name.replace(/\./g, '-')}`,
                },
            }}
        />
    );
};

/** The date pickers' locale (Korean or English, as the app) for the DayInputs inside. */
export const DayLocalization = ({ children }: { children: ReactNode }) => {
    const locale = useLocale();
    return (
        <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale === 'en' ? 'en' : 'ko'}>
            {children}
        </LocalizationProvider>
    );
};

import { useEffect, useMemo, useState, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { useFieldError } from '@/hooks/use-field-errors';
import { useApplicationForm } from '../form-context';
import { useUniversitySearch } from '../../api/search-universities';
import type { University } from '../../types';

/** The "search other" school code: the name is typed in searchSchoolName. */
export const OTHER_SCHOOL = '999';

type Option = University & { other?: boolean };

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/**
 * The school of an academic record, chosen after a search (spec section 5).
 * "Not in the list" stores 999 and lets the user type the name.
 * `base` is the record's path, e.g. `acadList.1`.
 */
export function UniversityField({ base, label, required }: { base: string; label: ReactNode; required?: boolean }) {
  const { t } = useTranslation();
  const { lang, readOnly } = useApplicationForm();
  const { control, setValue, getValues } = useFormContext();
  const name = `${base}.schoolCode`;
  const { field } = useController({ name, control });
  const [korName, engName, countryCode] = useWatch({ control, name: [`${base}.schoolKorName`, `${base}.schoolEngName`, `${base}.countryCode`] }) as [string?, string?, string?];
  const { message, clear } = useFieldError(name);
  const [input, setInput] = useState('');
  const query = useDebounced(input, 250);
  const search = useUniversitySearch(query);

  const otherOption: Option = useMemo(
    () => ({ schoolCode: OTHER_SCHOOL, korName: t('acad.otherSchool'), engName: t('acad.otherSchool'), countryCode: '', other: true }),
    [t],
  );
  const code = String(field.value ?? '');
  const value: Option | null = code
    ? code === OTHER_SCHOOL
      ? otherOption
      : { schoolCode: code, korName: korName || code, engName: engName || korName || code, countryCode: countryCode ?? '' }
    : null;
  const results: Option[] = search.data ?? [];
  const options = [...results, otherOption];
  if (value && !options.some((o) => o.schoolCode === value.schoolCode)) options.unshift(value);
  const label_ = (o: Option) => (o.other ? o.korName : (lang === 'en' ? o.engName : o.korName) || o.engName || o.schoolCode);

  return (
    <Autocomplete<Option>
      options={options}
      value={value}
      disabled={readOnly}
      filterOptions={(x) => x}
      getOptionLabel={label_}
      getOptionKey={(o) => o.schoolCode}
      isOptionEqualToValue={(a, b) => a.schoolCode === b.schoolCode}
      loading={search.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('form.noResult')}
      onInputChange={(_, v, reason) => {
        if (reason === 'input') setInput(v);
      }}
      onChange={(_, o) => {
        clear();
        if (!o) {
          field.onChange('');
          setValue(`${base}.schoolKorName`, '', { shouldDirty: true });
          setValue(`${base}.schoolEngName`, '', { shouldDirty: true });
          return;
        }
        field.onChange(o.schoolCode);
        setValue(`${base}.schoolKorName`, o.other ? '' : o.korName, { shouldDirty: true });
        setValue(`${base}.schoolEngName`, o.other ? '' : o.engName, { shouldDirty: true });
        if (!o.other) {
          setValue(`${base}.searchSchoolName`, '', { shouldDirty: true });
          if (!getValues(`${base}.countryCode`) && o.countryCode) setValue(`${base}.countryCode`, o.countryCode, { shouldDirty: true });
        }
      }}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            {o.other ? <em>{o.korName}</em> : `${label_(o)}${lang === 'en' ? '' : ` · ${o.engName}`}`}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label}
          required={required}
          placeholder={t('acad.searchSchool')}
          error={!!message}
          helperText={message ?? t('acad.searchSchoolHelp')}
          inputRef={field.ref}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, name, 'data-testid': `${base}.school`, 'aria-invalid': !!message },
            formHelperText: { 'data-testid': `${name}-helper` } as object,
          }}
        />
      )}
    />
  );
}

import { useMemo, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { useFieldError } from '@/hooks/use-field-errors';
import { useApplicationForm } from '../form-context';
import type { Country } from '../../types';
import { searchCountries } from '../../utils/country-search';

export function countryName(c: Country | undefined, lang: string): string {
  if (!c) return '';
  return (lang === 'en' ? c.engName : c.korName) || c.engName || c.code;
}

/** A country chosen after a search (spec section 5), stored as its ISO numeric code. */
export function CountryField({ name, label, required, only, helper }: {
  name: string;
  label: ReactNode;
  required?: boolean;
  /** limit the choice to these codes */
  only?: readonly string[];
  helper?: ReactNode;
}) {
  const { t } = useTranslation();
  const { countries, lang, readOnly } = useApplicationForm();
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const { message, clear } = useFieldError(name);
  const options = useMemo(() => (only ? countries.filter((c) => only.includes(c.code)) : countries), [countries, only]);
  const value = options.find((c) => c.code === field.value) ?? null;
  return (
    <Autocomplete<Country>
      options={options}
      value={value}
      disabled={readOnly}
      autoHighlight
      getOptionLabel={(c) => countryName(c, lang)}
      getOptionKey={(c) => c.code}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      // by the reference names and the names people use ("South Korea", "미국", "UK")
      filterOptions={(opts, { inputValue }) => searchCountries(opts, inputValue)}
      noOptionsText={t('form.noResult')}
      onChange={(_, c) => {
        field.onChange(c?.code ?? '');
        clear();
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label}
          required={required}
          placeholder={t('form.searchCountry')}
          error={!!message}
          helperText={message ?? helper}
          inputRef={field.ref}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, name, 'data-testid': name, 'aria-invalid': !!message },
            formHelperText: { 'data-testid': `${name}-helper` } as object,
          }}
        />
      )}
    />
  );
}

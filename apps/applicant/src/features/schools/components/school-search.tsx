import { useDeferredValue } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import { useSchools, type School } from '../api/get-schools';

const DEFAULT_SCHOOL_COLOR = 'orange';

export function schoolName(school: School, lng: string): string {
  return (lng === 'en' ? school.engName : school.korName) || school.korName || school.engName || school.schoolCode;
}

/** School search box. When the list cannot be loaded it shows nothing; while
 * it loads, a disabled field of the same size holds its place so the page
 * below does not move when the list arrives. */
export function SchoolSearch({ onSelect }: { onSelect: (school: School) => void }) {
  const { t, i18n } = useTranslation();
  const { data: arrived, isError, isPending } = useSchools();
  // The list arrives as a blocking update (the query's store); the search box
  // it brings (Autocomplete) is rendered in the background, in slices, instead
  // of one long task; until then the placeholder stays.
  const data = useDeferredValue(arrived);
  if (isPending || (arrived !== undefined && data === undefined)) {
    return (
      <Box component="section" aria-labelledby="school-search-title" aria-busy="true" data-testid="school-search-loading">
        <Typography id="school-search-title" variant="h6" component="h2" gutterBottom>
          {t('home.schoolSearchTitle')}
        </Typography>
        <TextField fullWidth disabled name="schoolSearch" label={t('home.schoolSearchLabel')} />
      </Box>
    );
  }
  if (isError || !Array.isArray(data) || data.length === 0) return null;

  return (
    <Box component="section" aria-labelledby="school-search-title" data-testid="school-search">
      <Typography id="school-search-title" variant="h6" component="h2" gutterBottom>
        {t('home.schoolSearchTitle')}
      </Typography>
      <Autocomplete<School>
        options={data}
        getOptionLabel={(s) => schoolName(s, i18n.language)}
        getOptionKey={(s) => s.schoolCode}
        filterOptions={(options, { inputValue }) => {
          const q = inputValue.trim().toLowerCase();
          if (!q) return options;
          return options.filter((s) =>
            [s.korName, s.engName, s.slug].some((v) => v?.toLowerCase().includes(q)),
          );
        }}
        noOptionsText={t('home.schoolSearchNoResult')}
        onChange={(_, school) => {
          if (school) onSelect(school);
        }}
        renderOption={(props, s) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box component="li" key={key} {...rest} sx={{ gap: 1 }}>
              <Box
                component="span"
                aria-hidden
                sx={{ width: 12, height: 12, borderRadius: '50%', flexShrink: 0, bgcolor: s.color || DEFAULT_SCHOOL_COLOR }}
              />
              <span>{schoolName(s, i18n.language)}</span>
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            name="schoolSearch"
            label={t('home.schoolSearchLabel')}
            placeholder={t('home.schoolSearchPlaceholder')}
          />
        )}
      />
    </Box>
  );
}

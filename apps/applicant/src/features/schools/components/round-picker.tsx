import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from '@/lib/use-translation';
import { useSchools } from '../api/get-schools';
import type { RoundSummary } from '../api/get-recruit-list';
import { RoundList } from './round-list';
import { schoolName } from './school-search';

/** Choosing the school and round when an application is started from the home page. */
export function RoundPicker({ onPick }: { onPick: (round: RoundSummary) => void }) {
  const { t, i18n } = useTranslation();
  const schools = useSchools();
  const [schoolCode, setSchoolCode] = useState('');
  if (schools.isError) return <Alert severity="error">{t('form.loadFailed')}</Alert>;
  return (
    <Box data-testid="round-picker">
      <TextField
        select
        fullWidth
        size="small"
        label={t('school.choose')}
        value={schoolCode}
        onChange={(e) => setSchoolCode(e.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'round-school', name: 'schoolCode' } }}
        sx={{ mb: 3 }}
      >
        <option value="">{t('form.choose')}</option>
        {(schools.data ?? []).map((s) => (
          <option key={s.schoolCode} value={s.schoolCode}>
            {schoolName(s, i18n.language)}
          </option>
        ))}
      </TextField>
      {schoolCode && <RoundList schoolCode={schoolCode} onApply={onPick} />}
    </Box>
  );
}

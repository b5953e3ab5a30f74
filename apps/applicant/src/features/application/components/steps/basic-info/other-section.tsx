import { useMemo } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import type { FormRules } from '@/lib/form-rules';
import { useApplicationForm } from '../../form-context';
import { Section } from '../../layout';
import { FormCheck } from '../../fields/form-check';
import { countryName } from '../../fields/country-field';
import { useFieldError } from '@/hooks/use-field-errors';
import type { ShownSections } from './sections';
import { P, type BasisForm } from './empty-info';

/** The G20 question (foreign applicants) and the scholarship flag. */
export function OtherSection({ sections, rules }: { sections: ShownSections; rules: FormRules }) {
  const { t } = useTranslation();
  return (
    <Section title={t('basis.other')} testId="section-other">
      {sections.show('g20') && <G20Question required={sections.required('g20')} countries={rules.g20Countries} none={rules.g20None} />}
      {sections.show('scholarship') && <FormCheck name={`${P}.scholarship`} label={t('basis.scholarship')} />}
    </Section>
  );
}

/** Every G20 member of the applicant's nationality or residence, or "none"; the list is the server's. */
function G20Question({ required, countries: g20, none }: { required: boolean; countries: string[]; none: string }) {
  const { t } = useTranslation();
  const { countries, lang, readOnly } = useApplicationForm();
  const { control } = useFormContext<BasisForm>();
  const name = 'applicantInfo.g20Answers';
  const { field } = useController({ control, name });
  const { message, clear } = useFieldError(name);
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  const options = useMemo(
    () => [
      ...g20.map((code) => ({ code, label: countryName(countries.find((c) => c.code === code), lang) || code })),
      { code: none, label: t('basis.g20None') },
    ],
    [g20, none, countries, lang, t],
  );
  const toggle = (code: string, on: boolean) => {
    let next = on ? [...value.filter((v) => v !== code), code] : value.filter((v) => v !== code);
    if (on && code === none) next = [none];
    else if (on) next = next.filter((v) => v !== none);
    field.onChange(next);
    clear();
  };
  return (
    <FormControl component="fieldset" error={!!message} sx={{ mb: 2 }} data-error-anchor={name} tabIndex={-1} data-testid="g20-question">
      <FormLabel component="legend" required={required}>
        {t('basis.g20Question')}
      </FormLabel>
      <FormCheck name="applicantInfo.g20Member" label={t('basis.g20Member')} />
      <FormGroup row>
        {options.map((o) => (
          <FormControlLabel
            key={o.code}
            label={o.label}
            disabled={readOnly}
            control={
              <Checkbox
                size="small"
                checked={value.includes(o.code)}
                onChange={(e) => toggle(o.code, e.target.checked)}
                slotProps={{ input: { name: `${name}.${o.code}`, 'data-testid': `g20-${o.code}` } as object }}
              />
            }
          />
        ))}
      </FormGroup>
      {message && <FormHelperText data-testid={`${name}-helper`}>{message}</FormHelperText>}
    </FormControl>
  );
}

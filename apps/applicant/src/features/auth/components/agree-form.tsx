import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';

export type Agreements = { agreeTerms: true; agreePrivacy: true };

function ConsentBlock(props: {
  id: string;
  title: string;
  body: string;
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Box component="section" aria-labelledby={`${props.id}-title`}>
      <Typography id={`${props.id}-title`} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }} gutterBottom>
        {props.title}
      </Typography>
      <Paper
        variant="outlined"
        tabIndex={0}
        data-testid={`${props.id}-text`}
        sx={{ p: 2, maxHeight: 180, overflowY: 'auto', whiteSpace: 'pre-line', bgcolor: 'grey.50', fontSize: 14 }}
      >
        {props.body}
      </Paper>
      <FormControlLabel
        control={
          <Checkbox
            name={props.name}
            checked={props.checked}
            onChange={(e) => props.onChange(e.target.checked)}
            slotProps={{ input: { 'data-testid': props.name } as object }}
          />
        }
        label={props.label}
      />
    </Box>
  );
}

export function AgreeForm({ onAgreed }: { onAgreed: (a: Agreements) => void }) {
  const { t } = useTranslation();
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [showError, setShowError] = useState(false);
  const all = terms && privacy;

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={(e) => {
        e.preventDefault();
        if (!all) {
          setShowError(true);
          return;
        }
        onAgreed({ agreeTerms: true, agreePrivacy: true });
      }}
    >
      <ConsentBlock
        id="agree-terms"
        name="agreeTerms"
        title={t('agree.termsTitle')}
        body={t('agree.termsBody')}
        label={t('agree.termsCheckbox')}
        checked={terms}
        onChange={setTerms}
      />
      <ConsentBlock
        id="agree-privacy"
        name="agreePrivacy"
        title={t('agree.privacyTitle')}
        body={t('agree.privacyBody')}
        label={t('agree.privacyCheckbox')}
        checked={privacy}
        onChange={setPrivacy}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {/* A new tab: the agreements made here stay. */}
        <Link href={paths.legal.terms.getHref()} target="_blank" rel="noopener" data-testid="agree-terms-full">
          {t('legal.fullTerms')}
        </Link>
        <Link href={paths.legal.privacy.getHref()} target="_blank" rel="noopener" data-testid="agree-privacy-full">
          {t('legal.fullPrivacy')}
        </Link>
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            name="agreeAll"
            checked={all}
            indeterminate={terms !== privacy}
            onChange={(e) => {
              setTerms(e.target.checked);
              setPrivacy(e.target.checked);
            }}
          />
        }
        label={<Typography sx={{ fontWeight: 700 }}>{t('agree.agreeAll')}</Typography>}
      />
      {showError && !all && (
        <FormHelperText error data-testid="agree-error" role="alert">
          {t('agree.required')}
        </FormHelperText>
      )}
      <Button type="submit" variant="contained" size="large" data-testid="agree-next">
        {t('agree.next')}
      </Button>
    </Stack>
  );
}

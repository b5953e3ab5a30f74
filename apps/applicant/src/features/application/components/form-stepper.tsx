import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from '@/lib/use-translation';
import type { StepCode } from '../utils/steps';

export const PART_STEP = 'APPL_PART_SAVE';

export type FormStepperProps = {
  /** the form's steps after the part */
  steps: StepCode[];
  step: StepCode;
  saved: Set<string>;
  /** steps that may be opened now */
  open: StepCode[];
  readOnly: boolean;
  onGo: (s: StepCode) => void;
  onPart: () => void;
};

/**
 * The steps of the form, the part first. On a desktop the usual horizontal
 * stepper; on a phone, where eight labels do not fit in a row, "step 3 of 8:
 * name" with a bar, and every step as a small numbered button in rows of
 * four, so none hides beyond the edge and nothing scrolls sideways.
 */
export function FormStepper(props: FormStepperProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <CompactStepper {...props} /> : <WideStepper {...props} />;
}

function WideStepper({ steps, step, saved, open, readOnly, onGo, onPart }: FormStepperProps) {
  const { t } = useTranslation();
  // a narrow window may still scroll: keep the open step in sight
  const boxRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const box = boxRef.current;
    const el = box?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!box || !el) return;
    const left = el.getBoundingClientRect().left - box.getBoundingClientRect().left + box.scrollLeft;
    box.scrollLeft = Math.max(0, left - (box.clientWidth - el.offsetWidth) / 2);
  }, [step]);
  return (
    <Box ref={boxRef} sx={{ overflowX: 'auto', mb: 3, pb: 1, position: 'relative' }}>
      <Stepper
        nonLinear
        activeStep={Math.max(0, steps.indexOf(step)) + 1}
        alternativeLabel
        sx={{ minWidth: 720, '& .MuiStepLabel-label': { wordBreak: 'keep-all', overflowWrap: 'normal' } }}
        data-testid="form-stepper"
      >
        <Step completed={saved.has(PART_STEP)}>
          <StepButton onClick={onPart} disabled={readOnly} data-testid={`form-step-${PART_STEP}`}>
            {t(`step.${PART_STEP}`)}
          </StepButton>
        </Step>
        {steps.map((s) => (
          <Step key={s} completed={saved.has(s)}>
            <StepButton onClick={() => onGo(s)} disabled={!open.includes(s)} data-testid={`form-step-${s}`} aria-current={s === step ? 'step' : undefined}>
              {t(`step.${s}`)}
            </StepButton>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}

function CompactStepper({ steps, step, saved, open, readOnly, onGo, onPart }: FormStepperProps) {
  const { t } = useTranslation();
  const all: StepCode[] = [PART_STEP as StepCode, ...steps];
  const total = all.length;
  const current = Math.max(0, all.indexOf(step)) + 1;
  return (
    <Box component="nav" aria-label={t('flow.stepOf', { current, total })} sx={{ mb: 3 }} data-testid="form-stepper" data-compact="true">
      <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700 }} data-testid="form-stepper-count">
        {t('flow.stepOf', { current, total })}: {t(`step.${step}`)}
      </Typography>
      <LinearProgress variant="determinate" value={(current / total) * 100} sx={{ my: 1, height: 6, borderRadius: 3 }} aria-hidden />
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 0.5 }}>
        {all.map((s, i) => {
          const here = s === step;
          const done = saved.has(s);
          const disabled = s === PART_STEP ? readOnly : !open.includes(s);
          return (
            <li key={s}>
              <ButtonBase
                onClick={() => (s === PART_STEP ? onPart() : onGo(s))}
                disabled={disabled}
                aria-current={here ? 'step' : undefined}
                data-testid={`form-step-${s}`}
                sx={{
                  width: '100%', minHeight: 48, flexDirection: 'column', gap: 0.25, p: 0.5, borderRadius: 1,
                  border: 1, borderColor: here ? 'primary.main' : 'divider', bgcolor: here ? 'action.selected' : 'transparent',
                  color: disabled ? 'text.disabled' : 'text.primary',
                }}
              >
                <Box
                  component="span"
                  sx={{
                    width: 22, height: 22, borderRadius: '50%', display: 'inline-flex', alignItems: 'center', justifyContent: 'center', fontSize: 12, fontWeight: 700,
                    // grey.600: white on it reads at 4.6:1 (grey.400 read at 1.9)
                    bgcolor: here || done ? 'primary.main' : 'grey.600', color: 'primary.contrastText',
                  }}
                >
                  {done && !here ? <CheckIcon sx={{ fontSize: 14 }} aria-hidden /> : i + 1}
                </Box>
                <Box component="span" sx={{ fontSize: 11, lineHeight: 1.2, textAlign: 'center', wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>
                  {t(`step.${s}`)}
                </Box>
              </ButtonBase>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}

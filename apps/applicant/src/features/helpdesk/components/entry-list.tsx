import { useState, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { HelpEntry } from '../types';

/** Plain text with its paragraphs and line breaks kept; never HTML. */
export function PlainText({ text }: { text: string }) {
  return (
    <Box sx={{ '& p': { m: 0, mb: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }, '& p:last-child': { mb: 0 } }}>
      {text.split(/\n{2,}/).map((p, i) => (
        <Typography key={i} component="p" variant="body2">
          {p}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * Entries as an accordion: the title opens the answer. A help post shows its
 * question text above the answer, labelled.
 */
export function EntryList({ entries, testId, questionLabel, answerLabel }: { entries: HelpEntry[]; testId: string; questionLabel?: ReactNode; answerLabel?: ReactNode }) {
  const [open, setOpen] = useState<number | false>(false);
  return (
    <Box data-testid={testId}>
      {entries.map((e) => (
        <Accordion
          key={e.id}
          disableGutters
          expanded={open === e.id}
          onChange={(_, isOpen) => setOpen(isOpen ? e.id : false)}
          data-testid={`${testId}-entry`}
          slots={{ heading: 'h2' }}
        >
          <AccordionSummary aria-controls={`${testId}-${e.id}-body`} id={`${testId}-${e.id}-head`} expandIcon={<span aria-hidden>▾</span>}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{e.title}</Typography>
          </AccordionSummary>
          <AccordionDetails id={`${testId}-${e.id}-body`} data-testid={`${testId}-answer`}>
            {e.body && (
              <Box sx={{ mb: 2 }}>
                {questionLabel && <Typography variant="subtitle2" component="h3">{questionLabel}</Typography>}
                <PlainText text={e.body} />
              </Box>
            )}
            {answerLabel && <Typography variant="subtitle2" component="h3">{answerLabel}</Typography>}
            <PlainText text={e.answer} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

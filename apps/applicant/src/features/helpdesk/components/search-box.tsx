import { useEffect, useRef, useState, type FormEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from '@/lib/use-translation';
import { useSearchParams } from 'react-router';

export const SEARCH_DELAY_MS = 300;
export const SEARCH_MAX = 100;

/** The search term in the URL (?q=), so a search can be shared and survives reload. */
export function useSearchTerm(): string {
  const [params] = useSearchParams();
  return (params.get('q') ?? '').trim();
}

/**
 * A search box that writes ?q= to the URL once typing pauses (debounced) or at
 * once on Enter; the page reads the term with useSearchTerm and asks the
 * server. Other query parameters (a category) are kept; the page number is
 * dropped, as a new search starts at page 1.
 */
export function SearchBox({ label, testId }: { label: string; testId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const inUrl = params.get('q') ?? '';
  const [text, setText] = useState(inUrl);
  const typed = useRef(false);

  // The URL changed from outside (back button, a link): show its term.
  useEffect(() => {
    if (!typed.current) setText(inUrl);
  }, [inUrl]);

  const apply = (value: string) => {
    typed.current = false;
    const term = value.trim();
    if (term === inUrl.trim()) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (term) next.set('q', term);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => apply(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // apply reads the current params; re-arming on text alone is the debounce
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(text);
  };

  return (
    <form role="search" onSubmit={submit}>
      <TextField
        fullWidth
        type="search"
        label={label}
        value={text}
        onChange={(e) => {
          typed.current = true;
          setText(e.target.value.slice(0, SEARCH_MAX));
        }}
        slotProps={{
          htmlInput: { 'data-testid': testId, maxLength: SEARCH_MAX },
          input: text
            ? {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={t('helpdesk.clear')}
                      edge="end"
                      onClick={() => {
                        setText('');
                        apply('');
                      }}
                    >
                      ×
                    </IconButton>
                  </InputAdornment>
                ),
              }
            : undefined,
        }}
      />
    </form>
  );
}

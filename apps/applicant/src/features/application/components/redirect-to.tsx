import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { accessState } from '@/lib/access-key';
import { ApiError } from '@/lib/api-client';
import { getMode } from '../api/get-mode';
import type { ApplicationMode } from '../types';
import { NotFound } from './not-found';

export function isModeType(v: unknown): v is ApplicationMode {
  return v === 'edit' || v === 'view' || v === 'review';
}

/** /appl/redirect/to/{type}: asks the server how to open the application, then opens it. */
export function RedirectTo({ applNo, type }: { applNo: number; type: ApplicationMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    let cancelled = false;
    getMode(applNo, type)
      .then((m) => {
        if (cancelled) return;
        if (m.mode === 'review') {
          void navigate(paths.appl.review.getHref(String(applNo)), { replace: true, state: accessState({ applNo, reviewCompleted: m.reviewCompleted }) });
        } else {
          void navigate(paths.appl.form.getHref(String(applNo), m.mode), { replace: true, state: accessState({ applNo, mode: m.mode }) });
        }
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        if (e instanceof ApiError && e.status === 404) setMissing(true);
        // 409 (e.g. not under review) was already shown as a toast by the API client
        else void navigate(paths.list.getHref(), { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [applNo, type, navigate]);
  if (missing) return <NotFound />;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} data-testid="redirecting">
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

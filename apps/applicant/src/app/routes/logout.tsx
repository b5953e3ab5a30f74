import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';

/** Sign out: revoke on the server, clear local state, go to login. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useLogout();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, {
      onSettled: () => navigate(paths.user.login.getHref(), { replace: true }),
    });
  }, [mutate, navigate]);

  return (
    <Box sx={{ py: 8, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
      <CircularProgress size={28} aria-label={t('common.loading')} />
      <Typography color="text.secondary">{t('logout.progress')}</Typography>
    </Box>
  );
}

export default LogoutPage;

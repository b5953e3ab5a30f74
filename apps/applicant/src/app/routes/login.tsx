import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/session';
import { LoginForm } from '@/features/auth/components/login-form';
import { AuthCard } from './auth-layout';

function safeFrom(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  // only in-app paths; never the login or logout pages themselves
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/user/log')) {
    return from;
  }
  return paths.home.getHref();
}

export function LoginPage() {
  const { t } = useTranslation();
  const user = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  if (user) return <Navigate to={paths.home.getHref()} replace />;

  return (
    <AuthCard title={t('login.title')}>
      <LoginForm onSuccess={() => navigate(safeFrom(location.state), { replace: true })} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3, justifyContent: 'center' }}>
        <Link component={RouterLink} to={paths.user.findId.getHref()}>
          {t('login.findId')}
        </Link>
        <Link component={RouterLink} to={paths.user.findPwd.getHref()}>
          {t('login.findPwd')}
        </Link>
      </Box>
      <Typography variant="body2" align="center" sx={{ mt: 2 }}>
        {t('login.noAccount')}{' '}
        <Link component={RouterLink} to={paths.user.agree.getHref()} data-testid="login-register">
          {t('login.register')}
        </Link>
      </Typography>
    </AuthCard>
  );
}

export default LoginPage;

import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import type { Agreements } from '@/features/auth/components/agree-form';
import { AuthCard } from './auth-layout';

function agreementsOf(state: unknown): Agreements | null {
  const s = state as Partial<Agreements> | null;
  return s?.agreeTerms === true && s?.agreePrivacy === true ? { agreeTerms: true, agreePrivacy: true } : null;
}

/** Reached only from the agree page; a typed URL goes back to the terms. */
export function RegisterPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const agreements = agreementsOf(location.state);
  if (!agreements) return <Navigate to={paths.user.agree.getHref()} replace />;
  return (
    <AuthCard title={t('register.title')}>
      <RegisterForm agreements={agreements} onSuccess={() => navigate(paths.user.login.getHref(), { replace: true })} />
    </AuthCard>
  );
}

export default RegisterPage;

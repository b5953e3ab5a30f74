import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { AgreeForm } from '@/features/auth/components/agree-form';
import { AuthCard } from './auth-layout';

export function AgreePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthCard title={t('agree.title')}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('agree.intro')}
      </Typography>
      <AgreeForm onAgreed={(agreements) => navigate(paths.user.register.getHref(), { state: agreements })} />
    </AuthCard>
  );
}

export default AgreePage;

import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthCard } from './auth-card';

/** /forgot-password: asks for a reset link. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('forgotPassword.title')} lead={t('forgotPassword.lead')}>
      <Anchor component={Link} to={paths.login} size="sm">
        {t('backToLogin')}
      </Anchor>
    </AuthCard>
  );
}

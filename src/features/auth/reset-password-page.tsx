import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthCard } from './auth-card';

/** /reset-password?token=…: sets a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('resetPassword.title')} lead={t('resetPassword.lead')}>
      <Anchor component={Link} to={paths.login} size="sm">
        {t('backToLogin')}
      </Anchor>
    </AuthCard>
  );
}

import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthCard } from './auth-card';

/** /login. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('login.title')} lead={t('login.lead')}>
      <Anchor component={Link} to={paths.forgotPassword} size="sm">
        {t('login.forgotPassword')}
      </Anchor>
      <Group gap={6}>
        <Text size="sm">{t('login.noAccount')}</Text>
        <Anchor component={Link} to={paths.signup} size="sm" fw={600}>
          {t('login.signupLink')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}

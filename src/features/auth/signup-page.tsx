import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AuthCard } from './auth-card';

/** /signup. */
export function SignupPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('signup.title')} lead={t('signup.lead')}>
      <Group gap={6}>
        <Text size="sm">{t('signup.haveAccount')}</Text>
        <Anchor component={Link} to={paths.login} size="sm" fw={600}>
          {t('signup.loginLink')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}

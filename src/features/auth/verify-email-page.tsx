import { Alert, Button, Loader, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { apiClient } from '@/lib/api/client';
import { isLoggedInAtom } from '@/lib/session/session';
import { AuthCard } from './auth-card';

type Status = 'verifying' | 'verified' | 'failed';

/** /verify-email?token=…: the link of the verification e-mail lands here and is confirmed at once. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const [status, setStatus] = useState<Status>(token ? 'verifying' : 'failed');

  useEffect(() => {
    if (!token) return undefined;
    let current = true;
    apiClient
      .POST('/api/auth/verify-email', { body: { token } })
      .then(() => current && setStatus('verified'))
      .catch(() => current && setStatus('failed'));
    return () => {
      current = false;
    };
  }, [token]);

  const next = isLoggedIn ? (
    <Button component={Link} to={paths.profile}>
      {t('verifyEmail.toProfile')}
    </Button>
  ) : (
    <Button component={Link} to={paths.login}>
      {t('verifyEmail.toLogin')}
    </Button>
  );

  return (
    <AuthCard title={t('verifyEmail.title')}>
      {status === 'verifying' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('verifyEmail.verifying')}</Text>
        </Group>
      ) : null}
      {status === 'verified' ? (
        <>
          <Alert color="brand" icon={<IconCircleCheck aria-hidden="true" />} role="status">
            {t('verifyEmail.success')}
          </Alert>
          {next}
        </>
      ) : null}
      {status === 'failed' ? (
        <>
          <Alert color="red" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
            {t('verifyEmail.failure')}
          </Alert>
          {next}
        </>
      ) : null}
    </AuthCard>
  );
}

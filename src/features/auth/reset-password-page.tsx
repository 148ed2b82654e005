import { Anchor, Group, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { FormValues } from '@/forms/form-definition';
import { resetPasswordForm } from '@/forms/generated/reset-password';
import { SchemaForm } from '@/forms/schema-form';
import { apiClient } from '@/lib/api/client';
import { AuthCard } from './auth-card';
import { authFailureKey } from './auth-failure';
import { FailureAlert } from './failure-alert';
import { SuccessAlert } from './success-alert';

/** Spec section 9: the login page follows a successful reset after 2 seconds. */
export const RESET_REDIRECT_DELAY_MS = 2000;

/** /reset-password?token=…: sets a new password with the token of the e-mailed link. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [values, setValues] = useState<FormValues>({});
  const [submitting, setSubmitting] = useState(false);
  const [status, setStatus] = useState<'editing' | 'failed' | 'tooCommon' | 'done'>('editing');

  useEffect(() => {
    if (status !== 'done') return undefined;
    const timer = window.setTimeout(
      () => void navigate(paths.login, { replace: true }),
      RESET_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  const submit = async (data: FormValues) => {
    setSubmitting(true);
    try {
      await apiClient.POST('/api/auth/reset-password', {
        body: { token, newPassword: String(data.newPassword) },
      });
      setStatus('done');
    } catch (error) {
      // A common password is the user's to change, with the same link; spec section 8: any other
      // failure reads as an invalid or expired link.
      setStatus(authFailureKey(error) === 'errors.passwordTooCommon' ? 'tooCommon' : 'failed');
    }
    setSubmitting(false);
  };

  const requestNewLink = (
    <Anchor component={Link} to={paths.forgotPassword} size="sm" fw={600}>
      {t('resetPassword.requestNewLink')}
    </Anchor>
  );

  let content;
  if (!token) {
    content = (
      <>
        <FailureAlert>{t('resetPassword.errors.invalidLink')}</FailureAlert>
        {requestNewLink}
      </>
    );
  } else if (status === 'done') {
    content = (
      <>
        <SuccessAlert>{t('resetPassword.success')}</SuccessAlert>
        <Group gap="sm">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            {t('resetPassword.redirecting')}
          </Text>
        </Group>
      </>
    );
  } else {
    content = (
      <SchemaForm
        form={resetPasswordForm}
        formData={values}
        onChange={setValues}
        onSubmit={submit}
        submitLabel={t('resetPassword.submit')}
        submitting={submitting}
        fullWidthSubmit
      >
        {status === 'failed' ? (
          <>
            <FailureAlert>{t('resetPassword.errors.invalidLink')}</FailureAlert>
            {requestNewLink}
          </>
        ) : null}
        {status === 'tooCommon' ? <FailureAlert>{t('errors.passwordTooCommon')}</FailureAlert> : null}
      </SchemaForm>
    );
  }

  return (
    <AuthCard title={t('resetPassword.title')} lead={t('resetPassword.lead')}>
      {content}
      {status === 'done' ? null : (
        <Anchor component={Link} to={paths.login} size="sm">
          {t('backToLogin')}
        </Anchor>
      )}
    </AuthCard>
  );
}

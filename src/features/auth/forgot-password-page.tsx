import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { FormValues } from '@/forms/form-definition';
import { forgotPasswordForm } from '@/forms/generated/forgot-password';
import { SchemaForm } from '@/forms/schema-form';
import { apiClient } from '@/lib/api/client';
import { AuthCard } from './auth-card';
import { SuccessAlert } from './success-alert';

/**
 * /forgot-password: asks for a reset link. The answer is always the same confirmation, whether the
 * address is known or the call failed (spec section 8), so that the page tells no one who has an account.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<FormValues>({});
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (data: FormValues) => {
    setSubmitting(true);
    try {
      await apiClient.POST('/api/auth/forgot-password', { body: { email: String(data.email).trim() } });
    } catch (error) {
      console.warn('Forgot-password request failed', error);
    }
    setSubmitting(false);
    setSent(true);
  };

  return (
    <AuthCard title={t('forgotPassword.title')} lead={t('forgotPassword.lead')}>
      {sent ? (
        <SuccessAlert>{t('forgotPassword.confirmation')}</SuccessAlert>
      ) : (
        <SchemaForm
          form={forgotPasswordForm}
          formData={values}
          onChange={setValues}
          onSubmit={submit}
          submitLabel={t('forgotPassword.submit')}
          submitting={submitting}
          fullWidthSubmit
        />
      )}
      <Anchor component={Link} to={paths.login} size="sm">
        {t('backToLogin')}
      </Anchor>
    </AuthCard>
  );
}

import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { accountFormAction, paths } from '@/config/paths';
import type { FormValues } from '@/forms/form-definition';
import { forgotPasswordForm } from '@/forms/generated/forgot-password';
import { SchemaForm } from '@/forms/schema-form';
import { apiClient } from '@/lib/api/client';
import { AuthCard } from './auth-card';
import { useFieldErrorsShown, useFormFeedback } from './form-feedback';
import { SuccessAlert } from './success-alert';

/**
 * /forgot-password: asks for a reset link. The answer is always the same confirmation, whether the
 * address is known or the call failed (spec section 8), so that the page tells no one who has an account.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { search } = useLocation();
  // A request the browser posted itself and the server answered: the page starts from what it said (a
  // refusal is not told again here, as this page tells no failure).
  const feedback = useFormFeedback('forgot-password');
  const formHandle = useFieldErrorsShown(feedback);
  const [values, setValues] = useState<FormValues>(() => feedback?.values ?? {});
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(feedback?.sent ?? false);

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
          action={accountFormAction(paths.forgotPassword, search)}
          handleRef={formHandle}
        />
      )}
      <Anchor component={Link} to={paths.login} size="sm">
        {t('backToLogin')}
      </Anchor>
    </AuthCard>
  );
}

import { Anchor, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { accountFormAction, paths } from '@/config/paths';
import type { FormValues } from '@/forms/form-definition';
import { loginForm } from '@/forms/generated/login';
import { SchemaForm } from '@/forms/schema-form';
import { apiClient } from '@/lib/api/client';
import { startSession } from '@/lib/session/session';
import type { AuthFailureKey } from '@/shared/form-feedback';
import { AuthCard } from './auth-card';
import { authFailureKey } from './auth-failure';
import { FailureAlert } from './failure-alert';
import { useFieldErrorsShown, useFormFeedback } from './form-feedback';
import { useFormLanguage } from './use-form-language';

/** /login: e-mail, password and language; on success the session starts and the guest gate moves on to /home. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  // The page asked for before logging in (e.g. a chosen plan) follows the visitor to the other form.
  const { search } = useLocation();
  const { language, followLanguageField } = useFormLanguage();
  // A login the browser posted itself and the server sent back: the page starts from what it said.
  const feedback = useFormFeedback('login');
  const formHandle = useFieldErrorsShown(feedback);
  const [values, setValues] = useState<FormValues>(() => feedback?.values ?? {});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<AuthFailureKey | null>(feedback?.failure ?? null);

  const submit = async (data: FormValues) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const { data: session } = await apiClient.POST('/api/auth/login', {
        body: { email: String(data.email).trim(), password: String(data.password), language },
      });
      if (!session) throw new Error('Login answered without a token');
      // The guest gate around this page sees the session and goes on to /home (or the page asked for).
      startSession(session.accessToken);
    } catch (error) {
      setFailure(authFailureKey(error, { 401: 'login.errors.invalidCredentials' }));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('login.title')} lead={t('login.lead')}>
      <SchemaForm
        form={loginForm}
        formData={{ ...values, language }}
        onChange={(next) => {
          setValues(next);
          followLanguageField(next);
        }}
        onSubmit={submit}
        submitLabel={t('login.submit')}
        submitting={submitting}
        fullWidthSubmit
        action={accountFormAction(paths.login, search)}
        handleRef={formHandle}
      >
        <Group justify="flex-end" mt="xs">
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        {failure ? <FailureAlert>{t(failure)}</FailureAlert> : null}
      </SchemaForm>
      <Group gap={6}>
        <Text size="sm">{t('login.noAccount')}</Text>
        <Anchor component={Link} to={{ pathname: paths.signup, search }} size="sm" fw={600}>
          {t('login.signupLink')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}

import { Anchor, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { accountFormAction, EMAIL_PARAM, paths } from '@/config/paths';
import type { FormValues } from '@/forms/form-definition';
import { signupForm } from '@/forms/generated/signup';
import { SchemaForm } from '@/forms/schema-form';
import { apiClient } from '@/lib/api/client';
import { startSession } from '@/lib/session/session';
import type { AuthFailureKey } from '@/shared/form-feedback';
import { AuthCard } from './auth-card';
import { authFailureKey } from './auth-failure';
import { FailureAlert } from './failure-alert';
import { useFieldErrorsShown, useFormFeedback } from './form-feedback';
import { toSignupRequest } from './signup-request';
import { useFormLanguage } from './use-form-language';

/** /signup: the account form of spec section 2; on success the session starts and the guest gate goes to /home. */
export function SignupPage() {
  const { t } = useTranslation('auth');
  // The page asked for before logging in (e.g. a chosen plan) follows the visitor to the other form.
  const { search } = useLocation();
  const { language, followLanguageField } = useFormLanguage();
  // A sign-up the browser posted itself and the server sent back: the page starts from what it said.
  const feedback = useFormFeedback('signup');
  const formHandle = useFieldErrorsShown(feedback);
  // An invitation's link (/signup?email=…) starts the form with the address invited.
  const [values, setValues] = useState<FormValues>(() => {
    if (feedback) return feedback.values;
    const email = new URLSearchParams(search).get(EMAIL_PARAM);
    return email ? { email } : {};
  });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<AuthFailureKey | null>(feedback?.failure ?? null);

  const submit = async (data: FormValues) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const { data: session } = await apiClient.POST('/api/auth/register', {
        body: toSignupRequest(data, language),
      });
      if (!session) throw new Error('Sign-up answered without a token');
      startSession(session.accessToken);
    } catch (error) {
      setFailure(authFailureKey(error, { 409: 'signup.errors.emailTaken' }));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('signup.title')} lead={t('signup.lead')} wide>
      <SchemaForm
        form={signupForm}
        formData={{ ...values, language }}
        onChange={(next) => {
          setValues(next);
          followLanguageField(next);
        }}
        onSubmit={submit}
        submitLabel={t('signup.submit')}
        submitting={submitting}
        fullWidthSubmit
        action={accountFormAction(paths.signup, search)}
        handleRef={formHandle}
      >
        {failure ? <FailureAlert title={t('signup.errors.failureTitle')}>{t(failure)}</FailureAlert> : null}
      </SchemaForm>
      <Group gap={6}>
        <Text size="sm">{t('signup.haveAccount')}</Text>
        <Anchor component={Link} to={{ pathname: paths.login, search }} size="sm" fw={600}>
          {t('signup.loginLink')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}

import { Alert, Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { FormValues } from '@/forms/form-definition';
import { contactForm } from '@/forms/generated/contact';
import { SchemaForm } from '@/forms/schema-form';
import { ApiError } from '@/lib/api/errors';
import { apiClient } from '@/lib/api/client';
import type { Language } from '@/lib/i18n/languages';
import { CONTACT_REFERENCE, HONEYPOT_FIELD } from '@/shared/contact';
import classes from './contact.module.css';
import { useSiteInfo } from './use-site-info';

type ContactField = 'name' | 'email' | 'subject' | 'message';
type Failure = { message: string; fields: [ContactField, string][] } | null;

function failureOf(error: unknown, fallback: string): Failure {
  if (
    error instanceof ApiError &&
    error.kind === 'http' &&
    error.status !== undefined &&
    error.status < 500
  ) {
    const body = error.body as { fields?: Partial<Record<ContactField, string>> } | undefined;
    return { message: error.message, fields: Object.entries(body?.fields ?? {}) as [ContactField, string][] };
  }
  return { message: fallback, fields: [] };
}

/**
 * /contact: name, e-mail, subject and message (schemas/forms/contact.json), stored and mailed to the
 * support team by the server, acknowledged to the sender in their language. What was typed stays in
 * the form when sending fails. The server also renders this form for browsers without JavaScript.
 */
export function ContactPage() {
  const { t, i18n } = useTranslation('info');
  const [searchParams] = useSearchParams();
  const sentParam = searchParams.get('sent');
  const [values, setValues] = useState<FormValues>({});
  const [trap, setTrap] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);
  const [reference, setReference] = useState<string | null>(
    sentParam && CONTACT_REFERENCE.test(sentParam) ? sentParam : null,
  );
  const site = useSiteInfo();
  const supportEmail =
    site.status === 'ready' && !site.info.examples.includes('supportEmail')
      ? site.info.values.supportEmail
      : null;

  const submit = async (data: FormValues) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const { data: sent } = await apiClient.POST('/api/contact', {
        body: {
          name: String(data.name ?? '').trim(),
          email: String(data.email ?? '').trim(),
          subject: String(data.subject ?? '').trim(),
          message: String(data.message ?? '').trim(),
          language: i18n.language as Language,
          ...(trap ? { [HONEYPOT_FIELD]: trap } : {}),
        },
      });
      setReference(sent?.reference ?? '');
      setValues({});
    } catch (error) {
      setFailure(failureOf(error, t('contact.errors.failed')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <div className={classes.layout}>
        <Stack gap="lg">
          <Stack gap="sm">
            <Title order={1}>{t('contact.title')}</Title>
            <Text size="lg" c="dimmed">
              {t('contact.lead')}
            </Text>
          </Stack>
          {reference !== null ? (
            <Alert
              color="brand"
              variant="light"
              role="status"
              title={t('contact.sentTitle')}
              icon={<IconCircleCheck aria-hidden="true" />}
            >
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{t('contact.sent', { reference })}</Text>
                <Button variant="light" onClick={() => setReference(null)}>
                  {t('contact.another')}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <SchemaForm
              form={contactForm}
              formData={values}
              onChange={setValues}
              onSubmit={submit}
              submitLabel={t('contact.submit')}
              submitting={submitting}
              action={paths.contact}
            >
              <div className={classes.trap} aria-hidden="true">
                <label htmlFor="contact-website">{t('contact.fields.website')}</label>
                <input
                  id="contact-website"
                  name={HONEYPOT_FIELD}
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                  value={trap}
                  onChange={(event) => setTrap(event.currentTarget.value)}
                />
              </div>
              {failure ? (
                <Alert
                  color="red"
                  variant="light"
                  role="alert"
                  icon={<IconAlertTriangle aria-hidden="true" />}
                >
                  <Text size="sm">{failure.message}</Text>
                  {failure.fields.map(([field, problem]) => (
                    <Text size="sm" key={field}>
                      {t(`contact.fields.${field}`)} : {problem}
                    </Text>
                  ))}
                </Alert>
              ) : null}
            </SchemaForm>
          )}
        </Stack>
        <aside className={classes.aside} aria-labelledby="contact-before">
          <Title order={2} id="contact-before" size="h4">
            {t('contact.otherWays')}
          </Title>
          <Text size="sm" mt="xs">
            <Anchor component={Link} to={paths.help}>
              {t('contact.helpLink')}
            </Anchor>
          </Text>
          {supportEmail ? (
            <Text size="sm" mt="xs">
              {t('contact.direct')} <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
            </Text>
          ) : null}
        </aside>
      </div>
    </Container>
  );
}

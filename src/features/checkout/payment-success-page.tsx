import { Button, Code, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { getValidToken } from '@/lib/session/session';

/** /success?session_id=…: the payment went through. */
export function PaymentSuccessPage() {
  const { t } = useTranslation('checkout');
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');

  // The purchase changed the user's products: a new token carries them (spec section 4).
  useEffect(() => {
    void getValidToken({ force: true });
  }, []);

  return (
    <Container size="sm" py={64}>
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconCircleCheck size={40} aria-hidden="true" />
          </ThemeIcon>
          <Title order={1}>{t('success.title')}</Title>
          <Text size="lg">{t('success.thanks')}</Text>
          {sessionId ? (
            <Text c="dimmed" size="sm">
              {t('success.sessionId')} <Code>{sessionId}</Code>
            </Text>
          ) : null}
          {/* The documents are on /documents, not in the profile (which the spec's wording said). */}
          <Text c="dimmed">{t('success.hint')}</Text>
          <Group justify="center" gap="sm">
            <Button component={Link} to={paths.documents} size="md">
              {t('success.goToDocuments')}
            </Button>
            <Button component={Link} to={paths.profile} size="md" variant="default">
              {t('success.goToProfile')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

import {
  Alert,
  Button,
  Code,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { localized } from '@/lib/catalog/catalog';
import { formatCents } from '@/lib/invoices/invoices-api';
import { getValidToken } from '@/lib/session/session';
import { useCheckoutSummary, type CheckoutSummary, type SummaryState } from './checkout-summary';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** What was bought: the package in the interface language, the price paid, the invoice. */
function OrderFacts({ summary }: { summary: CheckoutSummary }) {
  const { t, i18n } = useTranslation('checkout');
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="md" m={0} w="100%" ta="left">
      <Fact label={t('success.summary.package')}>{localized(summary.offerName, i18n.language)}</Fact>
      <Fact label={t('success.summary.amount')}>
        {formatCents(summary.amountCents, summary.currency, i18n.language)}
      </Fact>
      <Fact label={t('success.summary.invoice')}>
        {summary.invoice ? summary.invoice.number : t('success.summary.invoicePending')}
      </Fact>
    </SimpleGrid>
  );
}

function OrderSummary({ state }: { state: SummaryState }) {
  const { t } = useTranslation('checkout');
  if (state.status === 'none') return null;
  if (state.status === 'loading')
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t('success.summary.loading')}</Text>
      </Group>
    );
  if (state.status === 'not-found' || state.status === 'failed')
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle aria-hidden="true" />}
        w="100%"
        ta="left"
      >
        {state.status === 'not-found' ? t('success.summary.notFound') : t('success.summary.failed')}
      </Alert>
    );
  const { summary, waitedTooLong } = state;
  if (summary.status === 'open')
    return (
      <Alert
        color={waitedTooLong ? 'gray' : 'brand'}
        variant="light"
        icon={waitedTooLong ? <IconClockHour4 aria-hidden="true" /> : <Loader size="xs" />}
        role="status"
        w="100%"
        ta="left"
      >
        {waitedTooLong ? t('success.summary.pendingLong') : t('success.summary.pending')}
      </Alert>
    );
  return (
    <Paper withBorder radius="md" p="md" w="100%" component="section" aria-label={t('success.summary.title')}>
      <Stack gap="sm">
        <Text fw={700} ta="left">
          {t('success.summary.title')}
        </Text>
        {summary.status === 'canceled' || summary.status === 'refunded' ? (
          <Text ta="left">{t(`success.summary.${summary.status}`)}</Text>
        ) : null}
        <OrderFacts summary={summary} />
      </Stack>
    </Paper>
  );
}

/** /success?session_id=…: the payment went through; what was bought, and where to go next. */
export function PaymentSuccessPage() {
  const { t } = useTranslation('checkout');
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const summary = useCheckoutSummary(sessionId);

  // The purchase changed the user's products: a new token carries them (spec section 4).
  useEffect(() => {
    void getValidToken({ force: true });
  }, []);

  return (
    <Container size="sm" py={64}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconCircleCheck size={40} aria-hidden="true" />
          </ThemeIcon>
          <Title order={1}>{t('success.title')}</Title>
          <Text size="lg">{t('success.thanks')}</Text>
          <OrderSummary state={summary} />
          {sessionId ? (
            <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('success.sessionId')} <Code>{sessionId}</Code>
            </Text>
          ) : null}
          <Text c="dimmed">{t('success.hint')}</Text>
          <Group justify="center" gap="sm">
            <Button component={Link} to={paths.dashboard} size="md">
              {t('success.goToDashboard')}
            </Button>
            <Button component={Link} to={paths.documents} size="md" variant="default">
              {t('success.goToDocuments')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

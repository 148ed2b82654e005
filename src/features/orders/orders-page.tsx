import { Alert, Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths, withdrawalPath } from '@/config/paths';
import { apiClient } from '@/lib/api/client';
import { localized } from '@/lib/catalog/catalog';
import { formatInstantDate } from '@/lib/format/dates';
import { formatCents } from '@/lib/invoices/invoices-api';
import { canDeclareWithdrawal, withdrawalNote, type Order } from './order-words';

type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; orders: Order[] };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </Group>
  );
}

/** One order: when, what, how much, its invoice, and its withdrawal (the button while it is open). */
function OrderCard({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('checkout');
  const language = i18n.language;
  const money = (cents: number) => formatCents(cents, order.currency, language);
  const name = localized(order.offerName, language);
  const open = canDeclareWithdrawal(order);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={name} data-order={order.id}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {name}
        </Title>
        <Stack component="dl" gap={4} m={0}>
          <Row label={t('orders.date')}>{formatInstantDate(order.paidAt, language)}</Row>
          <Row label={t('orders.amount')}>{money(order.amountCents)}</Row>
          {order.refundedCents > 0 ? (
            <Row label={t('orders.refunded')}>{money(order.refundedCents)}</Row>
          ) : null}
          <Row label={t('orders.invoice')}>{order.invoiceNumber ?? t('orders.invoicePending')}</Row>
        </Stack>
        <Text size="sm" fw={open ? 500 : undefined} c={open ? undefined : 'dimmed'}>
          {withdrawalNote(order, t, language)}
        </Text>
        {open ? (
          <Button
            component={Link}
            to={withdrawalPath(order.id)}
            variant="outline"
            color="red"
            leftSection={<IconArrowBackUp size={18} aria-hidden="true" />}
            style={{ alignSelf: 'flex-start' }}
            // Wraps on a narrow phone rather than cutting the law's words.
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal' } }}
          >
            {t('orders.withdraw')}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * /orders: the account's orders, newest first, with the withdrawal function "Renoncer au contrat ici"
 * for as long as the period lasts (Directive 2011/83 art. 11a, inserted by Directive (EU) 2023/2673;
 * C. consom. L. 221-21), and why it is gone once it is.
 */
export function OrdersPage() {
  const { t } = useTranslation('checkout');
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  const load = useCallback((signal?: AbortSignal) => {
    apiClient
      .GET('/api/orders', { signal })
      .then(({ data }) => setState(data ? { status: 'ready', orders: data.orders } : { status: 'failed' }))
      .catch((error: unknown) => {
        if (signal?.aborted) return;
        console.error('Loading the orders failed', error);
        setState({ status: 'failed' });
      });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('orders.title')}</Title>
        <Text c="dimmed">{t('orders.lead')}</Text>
        {state.status === 'loading' ? <Text role="status">{t('orders.loading')}</Text> : null}
        {state.status === 'failed' ? (
          <Alert color="red" role="alert">
            <Stack gap="sm" align="flex-start">
              <Text>{t('orders.loadError')}</Text>
              <Button
                variant="light"
                onClick={() => {
                  setState({ status: 'loading' });
                  load();
                }}
              >
                {t('orders.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {state.status === 'ready' && state.orders.length === 0 ? (
          <Stack gap="xs" align="flex-start">
            <Text>{t('orders.empty')}</Text>
            <Anchor component={Link} to={paths.plans}>
              {t('orders.seePlans')}
            </Anchor>
          </Stack>
        ) : null}
        {state.status === 'ready'
          ? state.orders.map((order) => <OrderCard key={order.id} order={order} />)
          : null}
      </Stack>
    </Container>
  );
}

import { Alert, Anchor, Button, Card, Container, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { localized } from '@/lib/catalog/catalog';
import { formatInstantDate } from '@/lib/format/dates';
import { formatCents } from '@/lib/invoices/invoices-api';
import {
  errorCode,
  formatParisDate,
  formatParisDateTime,
  WEBSITE_PRODUCT_SKU,
} from '@/lib/orders/order-format';
import { canDeclareWithdrawal, withdrawalNote, type Order } from './order-words';

type Withdrawal = components['schemas']['Withdrawal'];

type LoadState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed' }
  | { status: 'ready'; order: Order; email: string };

const REFUSALS = ['WITHDRAWAL_PERIOD_OVER', 'WITHDRAWAL_RIGHT_LOST', 'ALREADY_WITHDRAWN'] as const;
type Refusal = (typeof REFUSALS)[number];
const isRefusal = (code: string | undefined): code is Refusal =>
  (REFUSALS as readonly (string | undefined)[]).includes(code);

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The account's name and e-mail address: the declaration's name (editable) and where the acknowledgement goes. */
async function loadAccount(signal: AbortSignal): Promise<{ name: string; email: string }> {
  const { data } = await apiClient.GET('/api/user/info', { signal });
  return { name: data ? `${data.firstname} ${data.lastname}`.trim() : '', email: data?.email ?? '' };
}

/**
 * /orders/:orderId/withdraw: the withdrawal declaration (Directive 2011/83 art. 11a(2); C. consom.
 * L. 221-21): the order, the founder's name, the address of the acknowledgement, what is refunded and
 * what is taken back; "Confirmer la rétractation" sends it, and the acknowledgement shows with the date
 * and time it was received (the same goes by e-mail, a durable medium).
 */
/** An address the acknowledgement can go to (the server checks it fully: RFC 5322 dot-atom). */
const PLAIN_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function WithdrawalPage() {
  const { orderId = '' } = useParams();
  const { t, i18n } = useTranslation('checkout');
  const language = i18n.language;
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState(false);
  // Where the acknowledgement goes (art. 11a(2)): the account's address, which the founder may change.
  const [ackEmail, setAckEmail] = useState('');
  const [ackEmailError, setAckEmailError] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const [done, setDone] = useState<Withdrawal | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      apiClient.GET('/api/orders/{orderId}', { params: { path: { orderId } }, signal: controller.signal }),
      loadAccount(controller.signal),
    ])
      .then(([{ data }, account]) => {
        if (!data) throw new Error('The order answered without a body');
        setState({ status: 'ready', order: data, email: account.email });
        setName((current) => current || account.name);
        setAckEmail((current) => current || account.email);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: error instanceof ApiError && error.status === 404 ? 'notFound' : 'failed' });
      });
    return () => controller.abort();
  }, [orderId, attempt]);

  const back = (
    <Anchor component={Link} to={paths.orders}>
      {t('withdrawal.backToOrders')}
    </Anchor>
  );

  if (state.status === 'loading') {
    return (
      <Container size="sm" py="xl">
        <Text role="status">{t('withdrawal.loading')}</Text>
      </Container>
    );
  }
  if (state.status !== 'ready') {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text>{state.status === 'notFound' ? t('withdrawal.notFound') : t('withdrawal.loadError')}</Text>
            {state.status === 'failed' ? (
              <Button
                variant="light"
                onClick={() => {
                  setState({ status: 'loading' });
                  setAttempt((n) => n + 1);
                }}
              >
                {t('withdrawal.retry')}
              </Button>
            ) : null}
            {back}
          </Stack>
        </Alert>
      </Container>
    );
  }

  const { order, email } = state;
  const money = (cents: number) => formatCents(cents, order.currency, language);
  const offerName = localized(order.offerName, language);

  if (done) {
    return (
      <Container size="sm" py="xl">
        <Alert
          color="teal"
          role="status"
          icon={<IconCircleCheck size={20} aria-hidden="true" />}
          title={t('withdrawal.done.title')}
        >
          <Stack gap="xs">
            <Text>{t('withdrawal.done.at', { date: formatParisDateTime(done.withdrawnAt, language) })}</Text>
            <Text>
              {offerName} · {order.invoiceNumber ?? ''}
            </Text>
            <Text>
              {t('withdrawal.done.refund', {
                amount: formatCents(done.refundCents, done.currency, language),
              })}
            </Text>
            {done.creditNoteNumber ? (
              <Text>{t('withdrawal.done.creditNote', { number: done.creditNoteNumber })}</Text>
            ) : null}
            <Text>{t('withdrawal.done.mailed', { email: done.acknowledgementTo })}</Text>
            {back}
          </Stack>
        </Alert>
      </Container>
    );
  }

  const refuse = (code: Refusal) => {
    setRefused(true);
    setFailure(
      code === 'WITHDRAWAL_PERIOD_OVER'
        ? t('withdrawal.errors.WITHDRAWAL_PERIOD_OVER', {
            date: formatParisDate(order.withdrawal.until, language),
          })
        : t(`withdrawal.errors.${code}`),
    );
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const nameMissing = name.trim() === '';
    const emailInvalid = !PLAIN_EMAIL.test(ackEmail.trim());
    setNameError(nameMissing);
    setAckEmailError(emailInvalid);
    if (nameMissing || emailInvalid) return;
    setSending(true);
    setFailure(null);
    void apiClient
      .POST('/api/orders/{orderId}/withdrawal', {
        params: { path: { orderId } },
        body: {
          name: name.trim(),
          // Another address than the account's: the acknowledgement goes to both.
          ...(ackEmail.trim().toLowerCase() !== email.toLowerCase() ? { email: ackEmail.trim() } : {}),
        },
      })
      .then(({ data }) => {
        if (!data) throw new Error('The withdrawal answered without a body');
        setDone(data);
      })
      .catch((error: unknown) => {
        const code = errorCode(error);
        if (isRefusal(code)) refuse(code);
        else if (error instanceof ApiError && error.kind === 'network')
          setFailure(t('withdrawal.errors.network'));
        else
          setFailure(
            t('withdrawal.errors.other', { error: error instanceof Error ? error.message : String(error) }),
          );
      })
      .finally(() => setSending(false));
  };

  const open = canDeclareWithdrawal(order) && !refused;
  const revoked = order.withdrawal.revokedProductSkus;
  const takesWebsite = revoked.includes(WEBSITE_PRODUCT_SKU);
  const takesDocuments = revoked.some((sku) => sku !== WEBSITE_PRODUCT_SKU);

  return (
    <Container size="sm" py="xl">
      <form onSubmit={confirm} noValidate>
        <Stack gap="lg">
          <Title order={1}>{t('withdrawal.title')}</Title>
          <Text>{t('withdrawal.lead')}</Text>
          <Card
            withBorder
            radius="md"
            padding="lg"
            component="section"
            aria-label={t('withdrawal.orderTitle')}
          >
            <Stack gap="sm">
              <Title order={2} fz="lg">
                {t('withdrawal.orderTitle')}
              </Title>
              <Stack component="dl" gap="xs" m={0}>
                <Field label={t('withdrawal.offer')}>{offerName}</Field>
                <Field label={t('withdrawal.date')}>{formatInstantDate(order.paidAt, language)}</Field>
                <Field label={t('withdrawal.amount')}>{money(order.amountCents)}</Field>
                {order.invoiceNumber ? (
                  <Field label={t('withdrawal.invoice')}>{order.invoiceNumber}</Field>
                ) : null}
              </Stack>
            </Stack>
          </Card>
          {open && order.withdrawal.state === 'rightLost' ? (
            <Alert color="gray" role="note">
              {withdrawalNote(order, t, language)}
            </Alert>
          ) : null}
          {open ? (
            <>
              <TextInput
                label={t('withdrawal.name')}
                value={name}
                required
                autoComplete="name"
                maxLength={200}
                error={nameError ? t('withdrawal.nameRequired') : undefined}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  if (event.currentTarget.value.trim() !== '') setNameError(false);
                }}
              />
              <TextInput
                type="email"
                label={t('withdrawal.email')}
                description={t('withdrawal.emailCopy', { email })}
                value={ackEmail}
                required
                autoComplete="email"
                maxLength={254}
                error={ackEmailError ? t('withdrawal.emailInvalid') : undefined}
                onChange={(event) => {
                  setAckEmail(event.currentTarget.value);
                  setAckEmailError(false);
                }}
              />
              <Stack component="dl" gap="xs" m={0}>
                <Field label={t('withdrawal.refund')}>{money(order.withdrawal.refundCents)}</Field>
                <Field label={t('withdrawal.takenBack')}>
                  {takesDocuments || takesWebsite ? (
                    <List size="sm" component="span" spacing={2} withPadding>
                      {takesDocuments ? <List.Item>{t('withdrawal.documents')}</List.Item> : null}
                      {takesWebsite ? <List.Item>{t('withdrawal.website')}</List.Item> : null}
                    </List>
                  ) : (
                    t('withdrawal.nothingTakenBack')
                  )}
                </Field>
              </Stack>
              <Text size="sm" c="dimmed">
                {t('withdrawal.until', { date: formatParisDate(order.withdrawal.until, language) })}
              </Text>
            </>
          ) : !refused ? (
            <Alert color="gray" role="status">
              {withdrawalNote(order, t, language)}
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          {open ? (
            <Button type="submit" color="red" size="md" loading={sending} style={{ alignSelf: 'flex-start' }}>
              {t('withdrawal.confirm')}
            </Button>
          ) : null}
          {back}
        </Stack>
      </form>
    </Container>
  );
}

import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  List,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { loginHref, paths } from '@/config/paths';
import type { FormValues } from '@/forms/form-definition';
import { billingAddressForm } from '@/forms/generated/billing-address';
import { SchemaForm } from '@/forms/schema-form';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { fetchOffers, firstPlan, localized, peekOffers } from '@/lib/catalog/catalog';
import { useRemoteList } from '@/lib/catalog/use-remote-list';
import { formatCalendarDate } from '@/lib/format/dates';
import { isLanguage, DEFAULT_LANGUAGE } from '@/lib/i18n/languages';
import { formatCents } from '@/lib/invoices/invoices-api';
import { goToPaymentPage, startCheckout, type CheckoutOutcome } from './start-checkout';
import { countryName, errorCode, formatVatRate, WEBSITE_PRODUCT_SKU } from '@/lib/orders/order-format';

type CheckoutQuote = components['schemas']['CheckoutQuote'];
type BillingAddress = components['schemas']['BillingAddress'];

/** The refusals of create-session (and the quote) that have words in checkout:order.errors. */
const KNOWN_CODES = [
  'CONSENT_REQUIRED',
  'TERMS_CHANGED',
  'ALREADY_OWNED',
  'COUNTRY_NOT_SERVED',
  'BILLING_INVALID',
  'PRICE_CHANGED',
] as const;
type KnownCode = (typeof KNOWN_CODES)[number];
const isKnownCode = (code: string | undefined): code is KnownCode =>
  (KNOWN_CODES as readonly (string | undefined)[]).includes(code);

type QuoteState =
  | { status: 'loading' }
  | { status: 'failed'; code?: KnownCode }
  /** `country`: the billing country asked for (null: the server's default); another one is being asked. */
  | { status: 'ready'; quote: CheckoutQuote; country: string | null };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function toBilling(values: FormValues): BillingAddress {
  return {
    name: text(values.name).trim(),
    address: text(values.address).trim(),
    postalCode: text(values.postalCode).trim(),
    city: text(values.city).trim(),
    country: text(values.country),
  };
}

/** The billing address to start from: the last order's, else the account's name and the quote's country. */
/**
 * The billing address to start from: the last order's, else the account's name and the country a
 * founder reading Romanian most likely lives in (Romania), else the quote's (the seller's country).
 */
function initialBilling(quote: CheckoutQuote, accountName: string, language: string): FormValues {
  if (quote.billing) return { ...quote.billing };
  const guess = language === 'ro' && quote.countries.includes('RO') ? 'RO' : quote.vat.country;
  return { ...(accountName ? { name: accountName } : {}), country: guess };
}

/** GET /api/user/info's name, to fill the billing name of a first order ('' when it cannot be had). */
async function accountName(signal: AbortSignal): Promise<string> {
  try {
    const { data } = await apiClient.GET('/api/user/info', { signal });
    return data ? `${data.firstname} ${data.lastname}`.trim() : '';
  } catch {
    return '';
  }
}

function SummaryRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text fw={strong ? 700 : undefined}>{label}</Text>
      <Text fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * /checkout/:offerSku: the order summary before paying (Code civil art. 1127-2; C. consom. L. 221-14):
 * what the package holds, its price, the credit of earlier orders, the amount due with its VAT for the
 * billing country, the billing address, the terms of sale, and the unticked box by which the founder
 * asks for immediate access and acknowledges losing the right of withdrawal for what is provided at
 * once (L. 221-28 1° and 13°; OUG 34/2014 art. 16). "Order with obligation to pay" then opens the payment.
 */
export function CheckoutPage() {
  const { offerSku = '' } = useParams();
  const { t, i18n } = useTranslation('checkout');
  const language = i18n.language;
  const navigate = useNavigate();
  const location = useLocation();
  const offers = useRemoteList(fetchOffers, peekOffers);
  const offer = offers.status === 'ready' ? offers.items.find((item) => item.sku === offerSku) : undefined;
  const planSku = offer ? firstPlan(offer)?.sku : undefined;
  const [country, setCountry] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<QuoteState>({ status: 'loading' });
  const [values, setValues] = useState<FormValues | null>(null);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [ordering, setOrdering] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const consentErrorId = useId();

  useEffect(() => {
    if (!planSku) return undefined;
    const controller = new AbortController();
    const query = { offerSku, planSku, ...(country ? { country } : {}) };
    Promise.all([
      apiClient.GET('/api/checkout/quote', { params: { query }, signal: controller.signal }),
      values === null ? accountName(controller.signal) : Promise.resolve(''),
    ])
      .then(([{ data }, name]) => {
        if (!data) throw new Error('The quote answered without a body');
        setState({ status: 'ready', quote: data, country });
        if (values === null) {
          const first = initialBilling(data, name, language);
          setValues(first);
          // A first address in another country than the quote's: quoted again for it.
          if (typeof first.country === 'string' && first.country !== data.vat.country && !country)
            setCountry(first.country);
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const code = errorCode(error);
        if (error instanceof ApiError && (error.kind === 'no-token' || error.status === 401)) {
          void navigate(loginHref(location.pathname), { replace: true });
          return;
        }
        setState({ status: 'failed', ...(isKnownCode(code) ? { code } : {}) });
      });
    return () => controller.abort();
    // `values` is read once, to know whether the form still needs its first values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offerSku, planSku, country, attempt]);

  const change = useCallback((next: FormValues) => {
    setValues(next);
    const picked = text(next.country);
    if (/^[A-Z]{2}$/.test(picked)) setCountry((current) => (current === picked ? current : picked));
  }, []);

  const settle = (outcome: CheckoutOutcome) => {
    switch (outcome.kind) {
      case 'redirect':
        // The button keeps its spinner while the browser leaves for the payment page.
        goToPaymentPage(outcome.url);
        return;
      case 'login':
        void navigate(loginHref(location.pathname));
        break;
      case 'unreachable':
        setFailure(t('order.errors.network'));
        break;
      case 'too-many':
        setFailure(t('order.errors.tooMany'));
        break;
      case 'error':
        if (isKnownCode(outcome.code)) {
          setFailure(t(`order.errors.${outcome.code}`));
          // New terms, a plan owned or a price changed meanwhile: the summary is asked for again.
          if (['TERMS_CHANGED', 'ALREADY_OWNED', 'PRICE_CHANGED'].includes(outcome.code))
            setAttempt((n) => n + 1);
        } else setFailure(t('order.errors.other', { error: outcome.error }));
        break;
    }
    setOrdering(false);
  };

  const order = (data: FormValues) => {
    if (state.status !== 'ready' || !planSku) return;
    if (!consent) {
      setConsentError(true);
      return;
    }
    setFailure(null);
    setOrdering(true);
    const consentLanguage = isLanguage(language) ? language : DEFAULT_LANGUAGE;
    void startCheckout({
      offerSku,
      planSku,
      consent: { immediateAccess: true, termsVersion: state.quote.termsVersion, language: consentLanguage },
      billing: toBilling(data),
      // What the summary showed: the server refuses a different amount (PRICE_CHANGED).
      expectedDueCents: state.quote.dueCents,
    }).then(settle);
  };

  const unknownOffer = offers.status === 'ready' && (!offer || !planSku);
  if (unknownOffer) {
    return (
      <Container size="sm" py="xl">
        <Alert color="orange" role="alert" title={t('order.unknownOffer')}>
          <Anchor component={Link} to={paths.plans}>
            {t('order.seePlans')}
          </Anchor>
        </Alert>
      </Container>
    );
  }
  if (offers.status === 'error' || state.status === 'failed') {
    const code = state.status === 'failed' ? state.code : undefined;
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text>{code ? t(`order.errors.${code}`) : t('order.loadError')}</Text>
            <Button
              variant="light"
              onClick={() => {
                if (offers.status === 'error') offers.retry();
                if (code === 'COUNTRY_NOT_SERVED') setCountry(null);
                setState({ status: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              {t('order.retry')}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  if (state.status !== 'ready' || !offer || values === null) {
    return (
      <Container size="sm" py="xl">
        <Text role="status">{t('order.loading')}</Text>
      </Container>
    );
  }

  const { quote } = state;
  const refreshing = state.country !== country;
  const currency = quote.currency;
  const money = (cents: number) => formatCents(cents, currency, language);
  const name = localized(offer.name, language);
  const withWebsite = offer.productSkus.includes(WEBSITE_PRODUCT_SKU);
  const termsVersion = /^\d{4}-\d{2}-\d{2}$/.test(quote.termsVersion)
    ? formatCalendarDate(quote.termsVersion, language)
    : quote.termsVersion;

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="baseline">
          <Title order={1}>{t('order.title')}</Title>
          <Anchor component={Link} to={paths.plans}>
            {t('order.edit')}
          </Anchor>
        </Group>
        <Text c="dimmed">{t('order.lead')}</Text>

        <Card withBorder radius="md" padding="lg" component="section" aria-label={name}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {name}
            </Title>
            <List size="sm" spacing={4} aria-label={t('order.contents', { offer: name })}>
              {localized(offer.features, language).map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
            <Stack gap={4} mt="sm" data-testid="order-amounts" aria-busy={refreshing}>
              <SummaryRow label={t('order.price')} value={money(quote.priceCents)} />
              {quote.creditCents > 0 ? (
                <>
                  <SummaryRow label={t('order.credit')} value={`\u2212${money(quote.creditCents)}`} />
                  <Text size="sm" c="dimmed">
                    {t('order.creditHint')}
                  </Text>
                </>
              ) : null}
              <SummaryRow label={t('order.due')} value={money(quote.dueCents)} strong />
              <SummaryRow
                label={t('order.vat', {
                  rate: formatVatRate(quote.vat.rateBasisPoints, language),
                  country: countryName(quote.vat.country, language),
                })}
                value={money(quote.vat.vatCents)}
              />
            </Stack>
          </Stack>
        </Card>

        {quote.owned ? (
          <Alert color="teal" role="status" title={t('order.owned')}>
            <Anchor component={Link} to={paths.orders}>
              {t('order.seeOrders')}
            </Anchor>
          </Alert>
        ) : (
          <section aria-labelledby={`${consentErrorId}-billing`}>
            <Title order={2} fz="lg" id={`${consentErrorId}-billing`}>
              {t('order.billingTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('order.billingLead')}
            </Text>
            <SchemaForm
              form={billingAddressForm}
              formData={values}
              onChange={change}
              onSubmit={order}
              submitLabel={t('order.submit')}
              actions={
                <Stack gap="md" mt="lg">
                  <Checkbox
                    checked={consent}
                    onChange={(event) => {
                      setConsent(event.currentTarget.checked);
                      if (event.currentTarget.checked) setConsentError(false);
                    }}
                    label={
                      <>
                        {t('consent.documents')}
                        {withWebsite ? ` ${t('consent.website')}` : null}
                      </>
                    }
                    error={consentError ? t('order.consentRequired') : undefined}
                    styles={{ label: { whiteSpace: 'normal' } }}
                  />
                  <Text size="sm">
                    <Anchor href={paths.salesTerms} target="_blank" rel="noopener">
                      {t('order.termsLink')}
                    </Anchor>{' '}
                    ({t('order.termsVersion', { version: termsVersion })})
                  </Text>
                  {failure ? (
                    <Alert color="red" role="alert" title={t('order.failureTitle')}>
                      {failure}
                    </Alert>
                  ) : null}
                  <Button
                    type="submit"
                    size="md"
                    // The law's words are long in every language: on a phone they wrap, never cut.
                    h="auto"
                    mih={42}
                    py={8}
                    styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
                    loading={ordering}
                    disabled={refreshing}
                    aria-describedby={consentError ? consentErrorId : undefined}
                    onClick={() => {
                      if (!consent) setConsentError(true);
                    }}
                  >
                    {t('order.submit')}
                  </Button>
                  {consentError ? (
                    <Text id={consentErrorId} size="sm" c="red" role="alert">
                      {t('order.consentRequired')}
                    </Text>
                  ) : null}
                </Stack>
              }
            />
          </section>
        )}
      </Stack>
    </Container>
  );
}

import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Language } from '../../src/lib/i18n/languages';
import { text } from './locale-text';

/** The billing address the e2e buyers give (France: the French VAT rate). */
export const TEST_BILLING = {
  name: 'Camille Dupont',
  address: '12 rue des Lilas',
  postalCode: '69003',
  city: 'Lyon',
  country: 'FR',
} as const;

/** On the order page: fills each field of the billing address that is empty (a first order). */
export async function fillBillingAddress(page: Page, language: Language) {
  const field = (key: keyof typeof TEST_BILLING) =>
    page.getByRole('textbox', { name: text(language, 'checkout', `billing.${key}`), exact: true });
  for (const key of ['name', 'address', 'postalCode', 'city'] as const) {
    const input = field(key);
    if ((await input.inputValue()) === '') await input.fill(TEST_BILLING[key]);
  }
}

/**
 * On the order page (/checkout/<offer>): fills the billing address where it is empty, ticks the consent
 * box (immediate access, C. consom. L. 221-28 13°) and clicks "Order with obligation to pay", which
 * leads to the payment page.
 */
export async function orderOnCheckoutPage(page: Page, language: Language) {
  await expect(page).toHaveURL(/\/checkout\/[A-Z_]+$/);
  await fillBillingAddress(page, language);
  await page.getByRole('checkbox', { name: text(language, 'checkout', 'consent.documents') }).check();
  await page.getByRole('button', { name: text(language, 'checkout', 'order.submit') }).click();
  await expect(page).toHaveURL(/\/checkout\/local\//);
}

/**
 * The body of POST /api/checkout/create-session as the order page sends it: the consent given in
 * `language` with the terms' current version (read from the quote) and the test billing address.
 */
export async function checkoutRequest(
  request: APIRequestContext,
  token: string,
  offerSku: string,
  planSku: string,
  language: Language,
) {
  const quote = await request.get('/api/checkout/quote', {
    headers: { Authorization: `Bearer ${token}` },
    params: { offerSku, planSku, country: TEST_BILLING.country },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  const { termsVersion } = (await quote.json()) as { termsVersion: string };
  return {
    offerSku,
    planSku,
    consent: { immediateAccess: true, termsVersion, language },
    billing: TEST_BILLING,
  };
}

/** Pays on the server's local checkout page with the test card, in the account's language. */
export async function payWithTestCard(page: Page, language: Language) {
  await page.getByLabel(text(language, 'payment', 'cardNumber')).fill('4242 4242 4242 4242');
  await page.getByLabel(text(language, 'payment', 'expiry')).fill('12/40');
  await page.getByLabel(text(language, 'payment', 'cvc')).fill('123');
  await page.getByLabel(text(language, 'payment', 'cardholder')).fill('Camille Dupont');
  await page.getByRole('button', { name: text(language, 'payment', 'pay').split('{{')[0]?.trim() }).click();
}

/**
 * Buys an offer's plan through the API alone, for a test whose subject comes after the purchase: the
 * session as the order page asks for it (the consent given), then the local payment page's form as the
 * browser posts it. The order page and the payment page have their own tests (marketing.spec.ts,
 * round-trip.spec.ts). The access token the app gets at its next
 * page load lists what was bought. Returns the checkout session's id.
 */
export async function paidThroughApi(
  request: APIRequestContext,
  accessToken: string,
  offerSku: string,
  planSku: string,
  language: Language,
): Promise<string> {
  const session = await request.post('/api/checkout/create-session', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: await checkoutRequest(request, accessToken, offerSku, planSku, language),
  });
  expect(session.status(), await session.text()).toBe(200);
  const id = new URL(((await session.json()) as { url: string }).url).pathname.split('/').at(-1) ?? '';
  const paid = await request.post(`/checkout/local/${id}/pay`, {
    form: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', cardholder: TEST_BILLING.name },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  return id;
}

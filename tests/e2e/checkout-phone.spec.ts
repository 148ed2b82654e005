/**
 * The built-in test checkout on a phone: the numeric keypad has no "/" and no space, so the page writes
 * them (the card number grouped by four, the expiry as MM/YY) while the founder types digits only.
 * The session is opened through the API, so the test does not depend on the order summary's screens.
 */
import { readFileSync } from 'node:fs';
import { createAccount, expect, test } from './real-server';
import { text } from './locale-text';

// A phone's screen and touch (Pixel 7), in the desktop project that runs the payment flows.
test.use({
  viewport: { width: 412, height: 839 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
});

/** The terms of sale's version the consent refers to: their `updated:` date. */
const termsVersion = /^updated:\s*(\S+)/m.exec(readFileSync('locales/fr/pages/sales-terms.md', 'utf8'))?.[1];

test('typing digits only on a phone formats the card number and the expiry, and pays', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'fr', 'Camille');
  const login = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password, language: 'fr' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };

  const created = await request.post('/api/checkout/create-session', {
    headers,
    data: {
      offerSku: 'STANDARD_PACKAGE',
      planSku: 'STANDARD_PACKAGE_ONE_TIME',
      consent: { immediateAccess: true, termsVersion, language: 'fr' },
      billing: {
        name: 'Camille Marin',
        address: '1 rue de la Paix',
        postalCode: '75002',
        city: 'Paris',
        country: 'FR',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { url } = (await created.json()) as { url: string };
  await page.goto(url);

  const cardNumber = page.getByLabel(text('fr', 'payment', 'cardNumber'));
  const expiry = page.getByLabel(text('fr', 'payment', 'expiry'));
  await cardNumber.tap();
  await cardNumber.pressSequentially('4242424242424242');
  await expect(cardNumber).toHaveValue('4242 4242 4242 4242');
  await expiry.tap();
  await expiry.pressSequentially('1230');
  await expect(expiry).toHaveValue('12/30');
  // Backspace goes back over the slash to the month, and the year typed again comes back formatted.
  await expiry.press('Backspace');
  await expiry.press('Backspace');
  await expect(expiry).toHaveValue('12');
  await expiry.pressSequentially('30');
  await expect(expiry).toHaveValue('12/30');
  await page.getByLabel(text('fr', 'payment', 'cvc')).pressSequentially('123');
  await page.getByLabel(text('fr', 'payment', 'cardholder')).fill('Camille Marin');
  await page.getByRole('button', { name: /^Payer/ }).tap();

  await expect(page).toHaveURL(/\/success\?session_id=cs_local_/);
  const sessionId = new URL(page.url()).searchParams.get('session_id') ?? '';
  const summary = await request.get(`/api/checkout/sessions/${sessionId}`, { headers });
  expect(((await summary.json()) as { status: string }).status).toBe('paid');
});

/** The local checkout page's card checks: what a buyer may type, with or without the page's script. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCard, readExpiry } from '../../server/services/payments/card';
import { renderCheckoutPage } from '../../server/services/payments/checkout-page';
import { startTestServer, type TestServer } from './harness';

const NOW = new Date('2026-11-27T10:00:00Z');
const GOOD = { cardNumber: '4242424242424242', expiry: '12/30', cvc: '123', cardholder: 'Camille Dupont' };

describe('checkCard', () => {
  it('accepts the test card grouped by four, as the page shows it, and answers its digits', () => {
    expect(checkCard({ ...GOOD, cardNumber: '4242 4242 4242 4242' }, NOW)).toEqual({
      digits: '4242424242424242',
      problems: [],
    });
  });

  it.each(['12/30', '1230', '12 / 30', '12/2030', '122030', ' 12/30 ', '12-30'])(
    'reads the expiry "%s" as December 2030',
    (expiry) => {
      expect(readExpiry(expiry.trim())).toEqual({ month: 12, year: 2030 });
      expect(checkCard({ ...GOOD, expiry }, NOW).problems).toEqual([]);
    },
  );

  it('reads a one-digit month written with a slash', () => {
    expect(readExpiry('1/30')).toEqual({ month: 1, year: 2030 });
  });

  it.each(['13/30', '00/30', '123', '12/3', '12/303', 'abcd', '', '10/26'])(
    'refuses the expiry "%s" (not a month, not a date, or past)',
    (expiry) => {
      expect(checkCard({ ...GOOD, expiry }, NOW).problems).toEqual(['expiry']);
    },
  );

  it('accepts the current month until its end', () => {
    expect(checkCard({ ...GOOD, expiry: '1126' }, NOW).problems).toEqual([]);
  });

  it('refuses a number failing the Luhn check, with or without spaces', () => {
    expect(checkCard({ ...GOOD, cardNumber: '4242 4242 4242 4241' }, NOW).problems).toEqual(['cardNumber']);
    expect(checkCard({ ...GOOD, cardNumber: '4242424242424241' }, NOW).problems).toEqual(['cardNumber']);
  });

  it('names every wrong field, and reads nothing but strings', () => {
    expect(
      checkCard({ cardNumber: 4242, expiry: ['12/30'], cvc: '12', cardholder: 'C' }, NOW).problems,
    ).toEqual(['cardNumber', 'expiry', 'cvc', 'cardholder']);
  });
});

describe('the formatting script of the payment page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server?.close());

  it('is a file of this server the page loads, with no inline script', () => {
    const html = renderCheckoutPage({
      language: 'fr',
      sessionId: 'cs_local_x',
      description: 'Offre Standard',
      amountCents: 1000,
      currency: 'EUR',
    });
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="/checkout/local/card-format.js" defer>']);
    expect(html).toMatch(/id="cardNumber"[^>]*inputmode="numeric" autocomplete="cc-number"/);
    expect(html).toMatch(/id="expiry"[^>]*inputmode="numeric" autocomplete="cc-exp"/);
    expect(html).toMatch(/id="cvc"[^>]*inputmode="numeric" autocomplete="cc-csc"/);
    expect(html).toMatch(/id="cardholder"[^>]*autocomplete="cc-name"/);
  });

  it('is served as JavaScript, and the pages allow scripts from this server only', async () => {
    const script = await server.request('/checkout/local/card-format.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('getElementById(id)');
    const page = await server.request('/checkout/local/cs_local_unknown');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
  });
});

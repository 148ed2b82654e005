/**
 * The withdrawal function (Directive 2011/83 art. 11a, inserted by Directive (EU) 2023/2673; C. consom.
 * L. 221-21; OUG 34/2014 art. 11¹), in each language: a founder buys the Standard package with the
 * consent given, finds "Renoncer au contrat ici" (or its English or Romanian words) among the
 * account's orders, withdraws, confirms, sees the acknowledgement with its date and time, and reads
 * the acknowledgement mailed to the account (the outbox). No company file was submitted, so nothing
 * was provided yet: the whole amount is refunded (L. 221-28 13° applies only once documents are provided).
 */
import { readFileSync } from 'node:fs';
import { formatPrice } from '../../src/lib/catalog/format-price';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { useLanguage } from './fixtures';
import { text } from './locale-text';
import { paidThroughApi } from './payment-page';
import { createAccount, expect, expectPurchaseInToken, test } from './real-server';
import { mailsTo } from './server-data';

const catalog = JSON.parse(readFileSync('schemas/catalog.json', 'utf8')) as {
  offers: {
    sku: string;
    name: Record<Language, string>;
    productSkus: string[];
    plans: { sku: string; price: number }[];
  }[];
};
const STANDARD = catalog.offers.find((offer) => offer.sku === 'STANDARD_PACKAGE');
if (!STANDARD) throw new Error('schemas/catalog.json has no STANDARD_PACKAGE');

/** The law's own words for the function and its confirmation, per language (not read from locales/). */
const WORDS: Record<Language, { withdraw: string; confirm: string }> = {
  fr: { withdraw: 'Renoncer au contrat ici', confirm: 'Confirmer la rétractation' },
  en: { withdraw: 'Withdraw from the contract here', confirm: 'Confirm withdrawal' },
  ro: { withdraw: 'Retrageți-vă din contract aici', confirm: 'Confirmați retragerea' },
};

/** Text as a reader sees it: any run of spaces (non-breaking ones too) read as one space. */
const plain = (value: string) => value.replace(/\s+/g, ' ').trim();

for (const language of LANGUAGES) {
  const t = (key: string) => text(language, 'checkout', key);

  test(`a founder buys with consent, withdraws from the order and is refunded in full (${language}) @desktop-only`, async ({
    page,
    context,
  }) => {
    // A whole journey (payment, withdrawal, a mail): more than the default time on a shared machine.
    test.slow();
    await useLanguage(context, language);
    const account = await createAccount(page.request, language, 'Ilinca');
    // Standard, bought with the consent given as the order page sends it, paid on the local payment page
    // (both pages have their own tests: marketing.spec.ts).
    await paidThroughApi(
      page.request,
      account.accessToken,
      'STANDARD_PACKAGE',
      STANDARD.plans[0]?.sku ?? '',
      language,
    );

    // The account's orders, from the profile: the function, with its exact label, while the period lasts.
    await page.goto('/user-profile');
    await expectPurchaseInToken(page, STANDARD.productSkus);
    await page.getByRole('link', { name: text(language, 'profile', 'invoices.orders') }).click();
    await expect(page).toHaveURL('/orders');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('orders.title'));
    const order = page.getByRole('article', { name: STANDARD.name[language] });
    const withdraw = order.getByRole('link', { name: WORDS[language].withdraw, exact: true });
    await expect(withdraw).toBeVisible();
    await withdraw.click();
    await expect(page).toHaveURL(/\/orders\/[^/]+\/withdraw$/);

    // The declaration: the order, the founder's name, where the acknowledgement goes, the full refund.
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('withdrawal.title'));
    await expect(main).toContainText(STANDARD.name[language]);
    await expect(main).toContainText(account.email);
    const price = STANDARD.plans[0]?.price ?? 0;
    const fullAmount = formatPrice(price, language);
    await expect.poll(async () => plain((await main.textContent()) ?? '')).toContain(plain(fullAmount));
    const name = page.getByRole('textbox', { name: t('withdrawal.name') });
    await expect(name).toHaveValue(`${account.firstname} ${account.lastname}`);
    const declaredName = `${account.firstname} ${account.lastname}-Declarant`;
    await name.fill(declaredName);

    const answered = page.waitForResponse(
      (response) => response.url().includes('/withdrawal') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: WORDS[language].confirm, exact: true }).click();
    const response = await answered;
    expect(response.status(), await response.text()).toBe(200);
    const withdrawal = (await response.json()) as {
      refundCents: number;
      creditNoteNumber: string | null;
      acknowledgementTo: string;
    };
    expect(withdrawal.refundCents).toBe(Math.round(price * 100));

    // The acknowledgement on screen: received, when (with the time zone), the refund, the mail.
    await expect(page.getByText(plain(t('withdrawal.done.title')))).toBeVisible();
    await expect
      .poll(async () => plain((await main.textContent()) ?? ''))
      .toContain(plain(t('withdrawal.done.mailed').replace('{{email}}', account.email)));
    await expect(page.getByRole('button', { name: WORDS[language].confirm })).toHaveCount(0);

    // The acknowledgement mailed to the account: the declaration's name, and the credit note.
    await expect
      .poll(
        async () =>
          (await mailsTo(account.email)).some(
            (mail) =>
              mail.includes(declaredName) &&
              (withdrawal.creditNoteNumber === null || mail.includes(withdrawal.creditNoteNumber)),
          ),
        { timeout: 30_000 },
      )
      .toBe(true);

    // Back on the orders: withdrawn, and no function left to use.
    await page.getByRole('link', { name: t('withdrawal.backToOrders') }).click();
    await expect(page).toHaveURL('/orders');
    await expect(order).toBeVisible();
    await expect(order.getByRole('link', { name: WORDS[language].withdraw })).toHaveCount(0);
    await expect(order).toContainText(t('orders.refunded'));
  });
}

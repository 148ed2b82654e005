/**
 * After paying, for a French SAS founder (in French) and a Romanian SRL founder (in Romanian): the
 * dashboard's timeline moves to "documents ready", the founder ticks the capital deposit off with a
 * date, opens the filing step's guide (values of the submitted file, a copy button, the bought
 * statutes in their upload slot, Romania's qualified e-signature notice), downloads the invoice
 * /success named, and the receipt with the invoice attached is in the outbox.
 */
import { readFileSync } from 'node:fs';
import type { Language } from '../../src/lib/i18n/languages';
import { completeCompanyFile, type LegalFormId } from '../fixtures/company-file';
import { useLanguage } from './fixtures';
import { text } from './locale-text';
import { paidThroughApi } from './payment-page';
import { mailsTo } from './server-data';
import { createAccount, expect, shownDate, test } from './real-server';
import { submittedFile } from './wizard-fill';

const catalog = JSON.parse(readFileSync('schemas/catalog.json', 'utf8')) as {
  offers: { sku: string; name: Record<Language, string>; plans: { sku: string }[] }[];
};
const STANDARD_PACKAGE = catalog.offers.find((offer) => offer.sku === 'STANDARD_PACKAGE');
if (!STANDARD_PACKAGE) throw new Error('schemas/catalog.json has no STANDARD_PACKAGE');

const FOUNDERS: {
  form: LegalFormId;
  language: Language;
  dateFormat: (iso: string) => string;
  invoiceFile: string;
  filingStep: string;
  companyName: string;
}[] = [
  {
    form: 'FR-SAS',
    language: 'fr',
    dateFormat: (iso) => iso.split('-').reverse().join('/'),
    invoiceFile: 'facture',
    filingStep: 'singleWindowFiling',
    companyName: 'Boulangerie Dupont',
  },
  {
    form: 'RO-SRL',
    language: 'ro',
    dateFormat: (iso) => iso.split('-').reverse().join('.'),
    invoiceFile: 'factura',
    filingStep: 'onrcFiling',
    companyName: 'Brutăria Dumitrescu',
  },
];

for (const founder of FOUNDERS) {
  const lang = founder.language;
  const t = (key: string) => text(lang, 'dashboard', key);
  const jurisdiction = founder.form.split('-')[0] ?? '';

  test(`a ${founder.form} founder pays, follows the timeline, ticks the capital deposit off and gets the invoice (${lang}) @desktop-only`, async ({
    page,
    context,
  }) => {
    // A whole journey (payment, a step, the filing guide's own chunk, a download, a mail): three times
    // the default time, which a machine shared with other suites exceeded before the guide was added.
    test.slow();
    await useLanguage(context, lang);
    // The file submitted earlier (the wizard has its own tests).
    const account = await createAccount(page.request, lang, 'Andrei');
    await submittedFile(
      page.request,
      account.accessToken,
      completeCompanyFile(2, '2026-01-15', founder.form),
    );

    // Submitted, not paid yet: the documents are still ahead.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: t('page.title') })).toBeVisible();
    await expect(page.getByText(t('timeline.submitted.done'), { exact: true })).toBeVisible();
    await expect(page.getByText(t('timeline.documentsReady.ahead'), { exact: true })).toBeVisible();

    // Pays the standard package (the order and payment pages have their own tests: marketing.spec.ts);
    // /success, where the payment page sends the founder, says what was bought and the invoice's number.
    const session = await paidThroughApi(
      page.request,
      account.accessToken,
      'STANDARD_PACKAGE',
      STANDARD_PACKAGE.plans[0]?.sku ?? '',
      lang,
    );
    await page.goto(`/success?session_id=${session}`);
    await expect(page.getByText(STANDARD_PACKAGE.name[lang]).first()).toBeVisible();
    const invoiceNumber = page.getByText(/^TEST-KR-\d{6}$/);
    await expect(invoiceNumber).toBeVisible();
    const number = (await invoiceNumber.textContent())?.trim() ?? '';

    // The dashboard: documents ready, the paid package with its invoice.
    await page.getByRole('link', { name: text(lang, 'checkout', 'success.goToDashboard') }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(t('timeline.documentsReady.done'), { exact: true })).toBeVisible();
    await expect(page.getByText(t('timeline.paid.done'), { exact: true })).toBeVisible();

    // Ticks the capital deposit off, done three days ago.
    const step = page.getByRole('article', {
      name: text(lang, 'registration', `${jurisdiction}.capitalDeposit.title`),
    });
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const date = step.getByLabel(t('steps.dateLabel'));
    await date.fill(founder.dateFormat(threeDaysAgo));
    // Typing opened no calendar over the button below. Its own button opens it, on the month typed with
    // that day chosen; picking a day closes it.
    const calendar = page.locator('[data-dates-dropdown]');
    await expect(calendar).toHaveCount(0);
    await step.getByRole('button', { name: t('steps.calendarLabel') }).click();
    await calendar.locator('button[data-selected]').click();
    await expect(calendar).toHaveCount(0);
    await expect(date).toHaveValue(founder.dateFormat(threeDaysAgo));
    await step.getByRole('button', { name: t('steps.markDone') }).click();
    await expect(
      step.getByText(t('steps.doneOn').replace('{{date}}', shownDate(threeDaysAgo, lang))),
    ).toBeVisible();
    await expect(step).toHaveAttribute('data-state', 'done');
    // It stays done: the server has it.
    await page.reload();
    await expect(step).toHaveAttribute('data-state', 'done');

    // The filing step's guide: the registry's service, with the submitted file's values to copy.
    const filing = page.getByRole('article', {
      name: text(lang, 'registration', `${jurisdiction}.${founder.filingStep}.title`),
    });
    await filing.getByRole('button', { name: text(lang, 'registration', 'guide.show') }).click();
    const companyName = filing.locator('[data-screen="company"] [data-field="companyName"]');
    await expect(companyName.locator('[data-value]')).toHaveText(founder.companyName);
    const label = text(lang, 'registration', `${jurisdiction}.guide.fields.companyName`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await companyName
      .getByRole('button', { name: text(lang, 'registration', 'guide.copy').replace('{{label}}', label) })
      .click();
    await expect(filing.getByRole('status')).toHaveText(
      text(lang, 'registration', 'guide.copied').replace('{{label}}', label),
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(founder.companyName);
    // The standard package's statutes are bought: their slot links to them.
    await expect(filing.locator('[data-upload="statutes"]')).toHaveAttribute('data-owned', 'yes');
    await expect(filing.locator('[data-notice="qualified-signature"]')).toHaveCount(
      jurisdiction === 'RO' ? 1 : 0,
    );

    // Downloads the invoice.
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: t('invoices.downloadLabel').replace('{{number}}', number) })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${founder.invoiceFile}-${number}.pdf`);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // The receipt, in the founder's language, with the invoice attached.
    await expect
      .poll(async () => (await mailsTo(account.email)).find((mail) => mail.includes(number)) ?? '', {
        timeout: 30_000,
      })
      .toContain(`${founder.invoiceFile}-${number}.pdf`);
    const receipt = (await mailsTo(account.email)).find((mail) => mail.includes(number)) ?? '';
    expect(receipt).toMatch(/Content-Type: application\/pdf/);
    expect(receipt).toContain(
      text(lang, 'emails', 'receipt.invoice').replace('{{number}}', number).split('.')[0] ?? '',
    );
  });
}

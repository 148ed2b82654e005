import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { loginForm } from './account-forms';
import { useLanguage } from './fixtures';
import { readLandingToTheEnd } from './landing';
import { formatPrice } from '../../src/lib/catalog/format-price';
import { text } from './locale-text';
import { fillBillingAddress, orderOnCheckoutPage, payWithTestCard } from './payment-page';
import { completeCompanyFile } from '../fixtures/company-file';
import { expectNoViolations, isAxeTurn } from './axe';
import { createAccount, expect, expectPurchaseInToken, storedAccessToken, test } from './real-server';
import { stepsFile } from './wizard-fill';

/** The catalog the server seeds at start-up: what the pages must show, in the order they must show it. */
interface CatalogFile {
  products: { sku: string; name: Record<Language, string>; description: Record<Language, string> }[];
  offers: {
    sku: string;
    name: Record<Language, string>;
    features: Record<Language, string[]>;
    plans: { sku: string; price: number; planType: string }[];
    productSkus: string[];
  }[];
}
const catalog = JSON.parse(readFileSync('schemas/catalog.json', 'utf8')) as CatalogFile;
const offersByPrice = [...catalog.offers].sort((a, b) => (a.plans[0]?.price ?? 0) - (b.plans[0]?.price ?? 0));
/** The documents page's cards: all of them while the file has no legal form (both countries'). */
const DOCUMENT_CARDS = (
  JSON.parse(readFileSync('schemas/documents.json', 'utf8')) as { cards: { sku: string }[] }
).cards;
const FAQ_ITEMS = Object.keys(
  (JSON.parse(readFileSync('locales/fr/faq.json', 'utf8')) as { items: Record<string, unknown> }).items,
);

/** One icon per service (issue 15 replaced the spec's shared files icon): no two cards look alike. */
const EXPECTED_ICON: Record<string, string> = {
  LEGAL_STATUSES: 'file-description',
  CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION: 'signature',
  LIST_OF_BENEFICIARIES: 'users-group',
  SUBSCRIBERS_LIST: 'list-numbers',
  FILING_MANDATE: 'writing-sign',
  REGISTERED_OFFICE_PROOF: 'home',
  LEGAL_NOTICE: 'news',
  OPERATING_CONDITIONS_DECLARATION: 'clipboard-check',
  PROFESSIONAL_PROMOTIONAL_WEBSITE: 'world-www',
  AI_FORM: 'forms',
};

function section(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

async function expectServices(region: Locator, language: Language) {
  const cards = region.getByRole('article');
  await expect(cards).toHaveCount(catalog.products.length);
  for (const [index, product] of catalog.products.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('heading')).toHaveText(product.name[language]);
    await expect(card).toContainText(product.description[language]);
    await expect(card.locator('[data-icon]')).toHaveAttribute(
      'data-icon',
      EXPECTED_ICON[product.sku] ?? 'file',
    );
  }
}

async function expectPricing(region: Locator, language: Language) {
  const cards = region.getByRole('article');
  await expect(cards).toHaveCount(offersByPrice.length);
  for (const [index, offer] of offersByPrice.entries()) {
    const card = cards.nth(index);
    const plan = offer.plans[0];
    await expect(card).toHaveAccessibleName(offer.name[language]);
    // "10 €" in French and Romanian, "€10" in English, whatever space the browser's Intl puts before "€".
    const price = formatPrice(plan?.price ?? 0, language).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(card).toContainText(new RegExp(price.replace(/\s/g, '\\s?')));
    await expect(card).toContainText(text(language, 'marketing', 'pricing.oneTime'));
    await expect(card.getByRole('listitem')).toHaveText(offer.features[language]);
    const mostPopular = card.getByText(text(language, 'marketing', 'pricing.mostPopular'), { exact: true });
    await expect(mostPopular).toHaveCount(offer.sku === 'STANDARD_PACKAGE' ? 1 : 0);
    // The cheapest offer that can be filed is named as such; Essential (statutes only) says it cannot be.
    const filing = card.locator('[data-filing]');
    if (offer.sku === 'STANDARD_PACKAGE')
      await expect(filing).toHaveText(text(language, 'marketing', 'pricing.filing.cheapest'));
    else if (offer.sku === 'STARTER_PACKAGE')
      await expect(filing).toHaveAttribute('data-filing', 'notEnough');
    else await expect(filing).toHaveCount(0);
    await expect(
      card.getByRole('button', { name: text(language, 'marketing', 'pricing.selectPlan') }),
    ).toBeEnabled();
  }
}

/** The total per legal form (issue 34): one row per form, Standard as the package, totals computed. */
async function expectTotalCost(page: Page, language: Language) {
  const totals = section(page, text(language, 'marketing', 'totalCost.title'));
  await expect(totals.locator('[data-form]')).toHaveCount(6);
  const sas = totals.locator('[data-form="FR-SAS"]');
  await expect(sas).toContainText(offersByPrice[1]?.name[language] ?? '?');
  await expect(sas.getByRole('cell').last()).toContainText(
    text(language, 'marketing', 'outsideFees.estimated').replace('{{amount}}', '').trim(),
  );
}

/** The FAQ: five questions, one open at a time, a second click closes. */
async function expectFaq(region: Locator, language: Language) {
  const questions = region.getByRole('button');
  await expect(questions).toHaveText(FAQ_ITEMS.map((id) => text(language, 'faq', `items.${id}.question`)));
  const first = questions.nth(0);
  const second = questions.nth(1);
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(region.getByText(text(language, 'faq', `items.${FAQ_ITEMS[0]}.answer`))).toBeVisible();
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(region.getByText(text(language, 'faq', `items.${FAQ_ITEMS[0]}.answer`))).toBeHidden();
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');
}

/** Link texts that say nothing of where they lead (Lighthouse's link-text audit lists such phrases). */
const GENERIC_LINK_TEXTS = new Set([
  ...['learn more', 'read more', 'see more', 'more', 'more info', 'more information', 'click here', 'here'],
  ...['en savoir plus', 'lire la suite', 'voir plus', 'plus', 'cliquez ici', 'ici'],
  ...['aflați mai multe', 'citiți mai mult', 'vezi mai mult', 'mai mult', 'click aici', 'aici'],
]);

// A payment and a download took up to 46 s on a busy 2-core machine (load 20 to 30, November 2026):
// twice that and some room.
test.describe.configure({ timeout: 120_000 });

for (const language of LANGUAGES) {
  test.describe(`marketing pages in ${language}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('the landing page shows the hero, then services, pricing and the FAQ from the catalog', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(language, 'landing', 'landing.title'),
      );
      await expect(
        page.getByRole('link', { name: text(language, 'landing', 'landing.primaryCta') }),
      ).toHaveAttribute('href', '/signup');
      await expect(
        page.getByRole('link', { name: text(language, 'landing', 'landing.secondaryCta') }),
      ).toHaveAttribute('href', '/services');
      for (const stat of ['countries', 'price', 'documents']) {
        await expect(page.getByRole('main')).toContainText(
          text(language, 'landing', `landing.stats.${stat}.value`),
        );
        await expect(page.getByRole('main')).toContainText(
          text(language, 'landing', `landing.stats.${stat}.label`),
        );
      }
      const floating = page.getByRole('list', { name: text(language, 'landing', 'landing.floating.label') });
      await expect(floating.getByRole('listitem')).toHaveCount(4);
      for (const card of ['launch', 'ideas', 'growth', 'funding'])
        await expect(floating).toContainText(text(language, 'landing', `landing.floating.${card}.title`));

      await readLandingToTheEnd(page, language);
      // Every link says where it leads: search engines (and Lighthouse's SEO audit) take "learn more"
      // and the like for links that say nothing of their page.
      const linkTexts = await page
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => (link.textContent ?? '').trim().toLowerCase()));
      expect(linkTexts.length).toBeGreaterThan(10);
      expect(linkTexts.filter((name) => GENERIC_LINK_TEXTS.has(name))).toEqual([]);
      const titles = [
        text(language, 'marketing', 'services.sectionTitle'),
        text(language, 'marketing', 'pricing.title'),
        text(language, 'marketing', 'faq.title'),
      ];
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(titles);
      await expectServices(section(page, titles[0] ?? ''), language);
      await expectPricing(section(page, titles[1] ?? ''), language);
      const faq = section(page, titles[2] ?? '');
      await expectFaq(faq, language);
      // The whole page, its sections loaded and an answer open, passes axe's rules at desktop width
      // (phone-pass.spec.ts checks each route as it first shows, at phone width).
      if (isAxeTurn(0, language)) {
        await faq.getByRole('button').first().click();
        await expect(faq.getByRole('button').first()).toHaveAttribute('aria-expanded', 'true');
        await expectNoViolations(page);
      }
    });

    test('/services, /plans and /faq are full pages made of the same sections', async ({ page }) => {
      await page.goto('/services');
      await expect(page).toHaveTitle(`${text(language, 'marketing', 'meta.services.title')} · Kreo`);
      const services = section(page, text(language, 'marketing', 'services.title'));
      await expect(services.getByRole('heading', { level: 1 })).toBeVisible();
      await expectServices(services, language);
      await expect(services).toContainText(text(language, 'marketing', 'services.lead'));
      await expectTotalCost(page, language);

      // Moving within the app changes the title and the description too.
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: text(language, 'common', 'footer.services.plans') })
        .click();
      await expect(page).toHaveURL('/plans');
      await expect(page).toHaveTitle(`${text(language, 'marketing', 'meta.plans.title')} · Kreo`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        text(language, 'marketing', 'meta.plans.description'),
      );
      const plans = section(page, text(language, 'marketing', 'plans.title'));
      await expect(plans.getByRole('heading', { level: 1 })).toBeVisible();
      await expectPricing(plans, language);
      await expectTotalCost(page, language);

      await page.goto('/faq');
      const faq = section(page, text(language, 'marketing', 'faq.title'));
      await expect(faq.getByRole('heading', { level: 1 })).toBeVisible();
      await expectFaq(faq, language);
    });

    test('a visitor who chooses a plan logs in and goes on to its order page, then to pay', async ({
      page,
      request,
    }) => {
      const account = await createAccount(request, language, 'Radu');
      await page.goto('/plans');
      const standard = page.getByRole('article', { name: offersByPrice[1]?.name[language] });
      await standard.getByRole('button', { name: text(language, 'marketing', 'pricing.selectPlan') }).click();
      await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout%2FSTANDARD_PACKAGE$/);

      const form = loginForm(page, language);
      await form.email.fill(account.email);
      await form.password.fill(account.password);
      await form.submit.click();

      // Logged in, the chosen plan's order page: its summary, and "Modify" back to the plans.
      await expect(page).toHaveURL('/checkout/STANDARD_PACKAGE');
      await expect(page.getByRole('main')).toContainText(offersByPrice[1]?.name[language] ?? '');
      await page.getByRole('link', { name: text(language, 'checkout', 'order.edit') }).click();
      await expect(page).toHaveURL('/plans');

      await standard.getByRole('button', { name: text(language, 'marketing', 'pricing.selectPlan') }).click();
      await orderOnCheckoutPage(page, language);
      await page.getByRole('button', { name: text(language, 'payment', 'cancel') }).click();
      await expect(page).toHaveURL('/cancel');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(language, 'checkout', 'cancel.title'),
      );
      await expect(page.getByRole('main')).toContainText(text(language, 'checkout', 'cancel.message'));
      await page.getByRole('link', { name: text(language, 'checkout', 'cancel.backToPlans') }).click();
      await expect(page).toHaveURL('/plans');
    });

    test('a founder pays for a plan and /documents unlocks exactly what it includes', async ({ page }) => {
      await createAccount(page.request, language, 'Ilinca');
      await page.goto('/documents');
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards).toHaveCount(DOCUMENT_CARDS.length);
      for (const card of await cards.all()) {
        await expect(
          card.getByRole('button', { name: text(language, 'documents', 'actions.locked') }),
        ).toBeDisabled();
      }
      // A locked card says which plan unlocks it, with a way to the plans.
      const statutes = page.getByRole('article', {
        name: text(language, 'documents', 'cards.statutes.title'),
      });
      await expect(statutes).toContainText(offersByPrice[0]?.name[language] ?? '');
      await expect(
        statutes.getByRole('link', { name: text(language, 'documents', 'locked.seePlans') }),
      ).toHaveAttribute('href', '/plans');
      // The locked cards and their hints pass axe's rules, as the unlocked ones do below.
      if (isAxeTurn(1, language)) await expectNoViolations(page);

      await page.goto('/plans');
      const standard = page.getByRole('article', { name: offersByPrice[1]?.name[language] });
      await standard.getByRole('button', { name: text(language, 'marketing', 'pricing.selectPlan') }).click();
      await orderOnCheckoutPage(page, language);
      await payWithTestCard(page, language);

      await expect(page).toHaveURL(/\/success\?session_id=/);
      const sessionId = new URL(page.url()).searchParams.get('session_id') ?? '';
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(language, 'checkout', 'success.title'),
      );
      await expect(page.getByRole('main')).toContainText(text(language, 'checkout', 'success.thanks'));
      await expect(page.getByRole('main')).toContainText(sessionId);
      await expect(page.getByRole('main')).toContainText(text(language, 'checkout', 'success.hint'));
      await expect(
        page.getByRole('link', { name: text(language, 'checkout', 'success.goToDocuments') }),
      ).toHaveAttribute('href', '/documents');
      await expect(
        page.getByRole('link', { name: text(language, 'checkout', 'success.goToDashboard') }),
      ).toHaveAttribute('href', '/dashboard');
      await expectPurchaseInToken(page, offersByPrice[1]?.productSkus ?? []);

      await page.goto('/documents');
      const unlocked = ['statutes', 'certificates', 'beneficiaries'];
      for (const id of ['statutes', 'certificates', 'beneficiaries', 'website']) {
        const card = page.getByRole('article', { name: text(language, 'documents', `cards.${id}.title`) });
        const locked = card.getByRole('button', { name: text(language, 'documents', 'actions.locked') });
        if (unlocked.includes(id)) {
          await expect(locked).toHaveCount(0);
          await expect(
            card.getByRole('button', { name: text(language, 'documents', 'actions.pdf'), exact: true }),
          ).toBeEnabled();
        } else {
          await expect(locked).toBeDisabled();
          await expect(card).toContainText(offersByPrice[2]?.name[language] ?? '');
        }
      }
      await expect(page.getByRole('main')).toContainText(
        text(language, 'documents', 'summary')
          .replace(
            '{{count}}',
            String(DOCUMENT_CARDS.filter((card) => offersByPrice[1]?.productSkus.includes(card.sku)).length),
          )
          .replace('{{total}}', String(DOCUMENT_CARDS.length)),
      );
      if (isAxeTurn(2, language)) await expectNoViolations(page);

      // The documents are written from the submitted company file: there is none yet.
      const statutesCard = page.getByRole('article', {
        name: text(language, 'documents', 'cards.statutes.title'),
      });
      const download = statutesCard.getByRole('button', {
        name: text(language, 'documents', 'actions.pdf'),
        exact: true,
      });
      await download.click();
      await expect(statutesCard.getByRole('alert')).toContainText(
        text(language, 'documents', 'download.fileNotSubmitted'),
      );
      await expect(
        statutesCard.getByRole('link', { name: text(language, 'documents', 'download.openWizard') }),
      ).toHaveAttribute('href', '/ai-powered-form');

      const submitted = await page.request.post('/api/company-file/submit', {
        headers: { Authorization: `Bearer ${await storedAccessToken(page)}` },
        data: { data: completeCompanyFile(2), version: stepsFile.version },
      });
      expect(submitted.status(), await submitted.text()).toBe(200);
      const saved = page.waitForEvent('download');
      await download.click();
      const file = await saved;
      // A French SAS: its statutes, in French whatever the interface language, as a PDF.
      expect(file.suggestedFilename()).toBe('statuts-boulangerie-dupont.pdf');
      expect(
        readFileSync(await file.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await expect(statutesCard.getByRole('status')).toHaveText(
        text(language, 'documents', 'download.ready').replace(
          '{{document}}',
          text(language, 'documents', 'cards.statutes.title'),
        ),
      );
    });
  });
}

for (const language of LANGUAGES) {
  test.describe(`catalog and checkout failures in ${language}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, language);
    });

    test('the prerendered plans show the catalog even when the server cannot be reached', async ({
      page,
    }) => {
      await page.route('**/api/marketing/offers/list', (route) => route.abort('connectionrefused'));
      const refresh = page.waitForEvent('requestfailed', (request) => request.url().includes('/offers/list'));
      await page.goto('/plans');
      await refresh;
      const plans = section(page, text(language, 'marketing', 'plans.title'));
      await expect(plans.getByRole('article')).toHaveCount(offersByPrice.length);
      await expect(plans.getByRole('alert')).toHaveCount(0);
    });

    test('reached from a page the app renders, the plans show skeletons, then a retry when the server cannot be reached', async ({
      page,
    }) => {
      let failing = true;
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/marketing/offers/list', async (route) => {
        await released;
        if (failing) return route.abort('connectionrefused');
        return route.fallback();
      });
      // /help is not prerendered: the app has no catalog of the build's and asks the server.
      await page.goto('/help');
      await page
        .getByRole('link', { name: text(language, 'common', 'nav.plans'), exact: true })
        .first()
        .click();
      const plans = section(page, text(language, 'marketing', 'plans.title'));
      // While the answer is on its way: placeholder cards, announced once.
      await expect(plans.locator('[aria-busy="true"]')).toBeVisible();
      await expect(plans.getByRole('status')).toHaveText(text(language, 'marketing', 'catalog.loading'));
      release();
      await expect(plans.getByRole('alert')).toHaveText(
        text(language, 'marketing', 'catalog.loadError') + text(language, 'marketing', 'catalog.retry'),
      );
      await expect(plans.getByRole('article')).toHaveCount(0);

      failing = false;
      await plans.getByRole('button', { name: text(language, 'marketing', 'catalog.retry') }).click();
      await expect(plans.getByRole('article')).toHaveCount(offersByPrice.length);
      await expect(plans.getByRole('alert')).toHaveCount(0);
    });

    test("a checkout the server refuses shows 'Error: ' and its reason on the order page", async ({
      page,
    }) => {
      await createAccount(page.request, language, 'Sorin');
      await page.route('**/api/checkout/create-session', (route) =>
        route.fulfill({ json: { error: 'Plan temporarily unavailable' } }),
      );
      let dialogs = 0;
      page.on('dialog', (dialog) => {
        dialogs += 1;
        void dialog.dismiss();
      });
      await page.goto('/plans');
      const standard = page.getByRole('article', { name: offersByPrice[1]?.name[language] });
      await standard.getByRole('button', { name: text(language, 'marketing', 'pricing.selectPlan') }).click();
      await expect(page).toHaveURL('/checkout/STANDARD_PACKAGE');
      await fillBillingAddress(page, language);
      await page.getByRole('checkbox', { name: text(language, 'checkout', 'consent.documents') }).check();
      await page.getByRole('button', { name: text(language, 'checkout', 'order.submit') }).click();
      const notice = page.getByRole('alert');
      await expect(notice).toContainText(
        text(language, 'checkout', 'order.errors.other').replace('{{error}}', 'Plan temporarily unavailable'),
      );
      await expect(page).toHaveURL('/checkout/STANDARD_PACKAGE');
      expect(dialogs).toBe(0);
    });
  });
}

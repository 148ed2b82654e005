import type { Browser, Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { fillTemplate } from '../../src/testing/fill-template';
import { completeCompanyFile } from '../fixtures/company-file';
import { useLanguage } from './fixtures';
import { RAW_KEY_PATTERN, text } from './locale-text';
import {
  createAccount,
  expect,
  expectFieldError,
  isoDate,
  pickDateFromToday,
  storedAccessToken,
  test,
  type Account,
} from './real-server';
import { wizardForm } from './wizard-form';

// /ai-powered-form against the real server and its database (spec sections 2, 3 and 4; issue 5):
// five schema steps, their rules and messages, drafts that survive a reload and show in another
// browser, Complete, and the assistant. Each language, on desktop and on a phone.

// A whole company file, typed field by field, with several saves: generous limits for a busy machine.
test.describe.configure({ timeout: 180_000 });

/** Signs up through the page's own request context, so the browser holds the refresh cookie the app starts from. */
const signUp = (page: Page, language: Language) => createAccount(page.request, language, 'Camille');

/** The company file as the server holds it, read with the page's own token. */
async function storedFile(page: Page) {
  const token = await storedAccessToken(page);
  const response = await page.request.get('/api/company-file', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { status: string; step: number; data: Record<string, unknown> };
}

/** Another browser (its own cookies and storage), logged in as the same founder, on the wizard. */
async function otherBrowser(browser: Browser, language: Language, founder: Account) {
  const context = await browser.newContext();
  await useLanguage(context, language);
  const page = await context.newPage();
  const login = await page.request.post('/api/auth/login', {
    data: { email: founder.email, password: founder.password },
  });
  expect(login.status()).toBe(200);
  await page.goto('/ai-powered-form');
  return { context, page };
}

/** The 15th of the latest month whose 15th is not in the future: a signature date the calendar offers. */
function pastFifteenth(): string {
  const today = new Date();
  const month = today.getDate() >= 15 ? today.getMonth() : today.getMonth() - 1;
  return isoDate(new Date(today.getFullYear(), month, 15));
}

for (const language of LANGUAGES) {
  test.describe(`the wizard in ${language}`, () => {
    test('five steps with their rules, a reload and another browser mid-way, then Complete stores the file', async ({
      page,
      context,
      browser,
    }, testInfo) => {
      await useLanguage(context, language);
      const founder = await signUp(page, language);
      await page.goto('/ai-powered-form');
      const form = wizardForm(page, language);
      const { t } = form;
      const required = text(language, 'forms', 'errors.required');

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('page.title'));
      await expect(form.stepHeading).toHaveText(form.stepTitle('personalInformation'));
      await expect(page.getByText(fillTemplate(t('ui.stepOf'), { number: 1, total: 5 }))).toBeVisible();
      // Spec: Go Back only after step 1, Complete on the last step only.
      await expect(form.back).toHaveCount(0);
      await expect(form.complete).toHaveCount(0);
      await expect(page.locator('body')).not.toContainText(RAW_KEY_PATTERN);

      // Step 1, empty: every field is required, and the cursor goes to the first one.
      await form.next.click();
      for (const field of [
        form.fullName,
        form.placeOfBirth,
        form.address,
        form.fatherName,
        form.motherName,
      ]) {
        await expectFieldError(field, required);
      }
      await expect(form.fullName).toBeFocused();
      await expect(form.stepHeading).toHaveText(form.stepTitle('personalInformation'));
      // Spaces are no name.
      await form.fullName.fill('   ');
      await expectFieldError(form.fullName, required);

      await form.fullName.fill('Camille Dupont');
      await pickDateFromToday(page, form.dateOfBirth, '2020-05-15', language);
      await form.placeOfBirth.fill('Lyon, France');
      const france = new Intl.DisplayNames([language], { type: 'region' }).of('FR') ?? 'France';
      await form.nationality.fill(france.slice(0, 4));
      await page.getByRole('option', { name: france, exact: true }).click();
      await expect(form.nationality).toHaveValue(france);
      await form.address.fill('12 rue de la Paix\n75002 Paris, France');
      await form.fatherName.fill('Jean Dupont');
      await form.motherName.fill('Marie Dupont, née Martin');
      await form.next.click();

      // Step 2: the share capital is at least 1 €; the duration starts at 99 years.
      await expect(form.stepHeading).toHaveText(form.stepTitle('companyDetails'));
      await expect(form.back).toBeVisible();
      await expect(form.durationYears).toHaveValue('99');
      await form.companyName.fill('Boulangerie Dupont SAS');
      await form.corporatePurpose.fill('Boulangerie, pâtisserie : fabrication et vente.');
      await form.registeredOffice.fill('12 rue de la Paix, 75002 Paris, France');
      await form.shareCapital.fill('0');
      await form.numberOfShares.fill('100');
      await form.next.click();
      await expectFieldError(form.shareCapital, t('errors.shareCapitalMinimum'));
      await form.shareCapital.fill('1000');
      await expect(form.shareCapital).toHaveAttribute('aria-invalid', 'false');
      await page.screenshot({ path: `/tmp/e2e-shots/wizard-step2-${language}-${testInfo.project.name}.png` });

      // Mid-way: the draft reaches the server, survives a reload, and another browser sees it.
      await expect(form.saved).toBeVisible();
      await page.reload();
      await expect(form.stepHeading).toHaveText(form.stepTitle('companyDetails'));
      await expect(form.companyName).toHaveValue('Boulangerie Dupont SAS');
      await expect(form.shareCapital).toHaveValue(/^1\s?000/);
      const elsewhere = await otherBrowser(browser, language, founder);
      const elsewhereForm = wizardForm(elsewhere.page, language);
      await expect(elsewhereForm.stepHeading).toHaveText(form.stepTitle('companyDetails'));
      await expect(elsewhereForm.companyName).toHaveValue('Boulangerie Dupont SAS');
      await elsewhereForm.back.click();
      await expect(elsewhereForm.fullName).toHaveValue('Camille Dupont');
      await expect(elsewhereForm.nationality).toHaveValue(france);
      await elsewhere.context.close();

      // Go Back keeps what was typed.
      await form.back.click();
      await expect(form.stepHeading).toHaveText(form.stepTitle('personalInformation'));
      await expect(form.fatherName).toHaveValue('Jean Dupont');
      await form.next.click();
      await form.next.click();

      // Step 3.
      await expect(form.stepHeading).toHaveText(form.stepTitle('management'));
      await form.next.click();
      await expectFieldError(form.presidentName, required);
      await expectFieldError(form.presidentAddress, required);
      await form.presidentName.fill('Camille Dupont');
      await form.presidentAddress.fill('12 rue de la Paix, 75002 Paris, France');
      await form.next.click();

      // Step 4: the non-conviction statement must be ticked.
      await expect(form.stepHeading).toHaveText(form.stepTitle('legalDeclaration'));
      await form.next.click();
      await expectFieldError(form.nonConviction, t('errors.nonConvictionRequired'));
      await expectFieldError(form.placeOfSignature, required);
      await form.nonConviction.check();
      await form.placeOfSignature.fill('Paris');
      await pickDateFromToday(page, form.dateOfSignature, pastFifteenth(), language);
      await form.next.click();

      // Step 5: one subscriber to start with; the totals and the paid amount are checked.
      await expect(form.stepHeading).toHaveText(form.stepTitle('subscribers'));
      await expect(form.next).toHaveCount(0);
      // No subscriber at all is not a company.
      await form.subscriber(1).remove.click();
      await expect(form.subscriber(1).card).toHaveCount(0);
      await form.complete.click();
      await expect(page.getByText(t('errors.subscribersMinimum'))).toBeVisible();
      await form.addSubscriber.click();
      await expect(page.getByText(t('errors.subscribersMinimum'))).toHaveCount(0);

      const first = form.subscriber(1);
      await first.name.fill('Camille Dupont');
      await first.address.fill('12 rue de la Paix, 75002 Paris, France');
      await first.shares.fill('60');
      await first.subscription.fill('0');
      await expectFieldError(first.subscription, t('errors.subscriptionPositive'));
      await first.subscription.fill('600');
      await first.paidAmount.fill('700');
      await form.complete.click();
      await expectFieldError(
        first.paidAmount,
        fillTemplate(t('errors.paidMoreThanSubscription'), { limit: 600 }),
      );
      await expect(
        page.getByText(fillTemplate(t('errors.sharesSum'), { sum: 60, expected: 100 })),
      ).toBeVisible();
      await expect(
        page.getByText(fillTemplate(t('errors.subscriptionsSum'), { sum: 600, expected: 1000 })),
      ).toBeVisible();
      await page.screenshot({
        path: `/tmp/e2e-shots/wizard-subscribers-errors-${language}-${testInfo.project.name}.png`,
        fullPage: true,
      });

      await first.paidAmount.fill('600');
      await form.addSubscriber.click();
      const second = form.subscriber(2);
      await second.name.fill('Jean Dupont');
      await second.address.fill('3 place Bellecour, 69002 Lyon, France');
      await second.shares.fill('40');
      await second.subscription.fill('400');
      await second.paidAmount.fill('100');
      await expect(
        page.getByText(fillTemplate(t('errors.sharesSum'), { sum: 100, expected: 100 })),
      ).toHaveCount(0);

      // Complete: stored as submitted; without a package the next stop is the plans.
      await form.complete.click();
      await expect(page).toHaveURL(/\/plans$/);
      const file = await storedFile(page);
      expect(file.status).toBe('submitted');
      expect(file.data).toMatchObject({
        fullName: 'Camille Dupont',
        nationality: 'FR',
        dateOfBirth: '2020-05-15',
        shareCapital: 1000,
        numberOfShares: 100,
        durationYears: 99,
        nonConvictionStatement: true,
        dateOfSignature: pastFifteenth(),
        subscribers: [
          { name: 'Camille Dupont', shares: 60, subscription: 600, paidAmount: 600 },
          { name: 'Jean Dupont', shares: 40, subscription: 400, paidAmount: 100 },
        ],
      });

      // The submitted file reopens as submitted, on its last step, and can be amended.
      await page.goto('/ai-powered-form');
      await expect(page.getByText(t('ui.submitted.title'))).toBeVisible();
      await expect(form.stepHeading).toHaveText(form.stepTitle('subscribers'));
      await form.subscriber(2).remove.click();
      await expect(form.subscriber(2).card).toHaveCount(0);
      await expect(page.getByText(t('ui.amended.title'))).toBeVisible();
      await expect(form.saved).toBeVisible();
      expect((await storedFile(page)).status).toBe('amended');
    });

    test('the assistant answers from the hints and the FAQ, and its link opens the field', async ({
      page,
      context,
    }, testInfo) => {
      const a = (key: string) => text(language, 'assistant', `chat.${key}`);
      await useLanguage(context, language);
      await signUp(page, language);
      await page.goto('/ai-powered-form');
      const form = wizardForm(page, language);
      await expect(form.stepHeading).toHaveText(form.stepTitle('personalInformation'));

      // On a phone the assistant waits behind a floating button; on a wide screen it sits beside the form.
      const openButton = page.getByRole('button', { name: a('open'), exact: true });
      const isPhone = testInfo.project.name === 'mobile';
      if (isPhone) await openButton.click();
      else await expect(openButton).toHaveCount(0);
      const panel = isPhone
        ? page.getByRole('dialog')
        : page.getByRole('complementary', { name: a('title') });
      await expect(panel.getByText(a('status'), { exact: true })).toBeVisible();
      await expect(panel.getByText(a('sample.greeting'))).toBeVisible();
      await expect(panel.getByText(a('sample.question'))).toBeVisible();

      // A question with no answer in our content says so and points to the contact page.
      const question = panel.getByRole('textbox', { name: a('input.label') });
      await question.fill('xyzzy plugh');
      await question.press('Enter');
      await expect(panel.getByText('xyzzy plugh')).toBeVisible();
      await expect(panel.getByText(a('answer.nothing'))).toBeVisible();
      await expect(panel.getByRole('link', { name: a('answer.contact') })).toHaveAttribute(
        'href',
        '/contact',
      );

      // A FAQ answer, in the current language.
      const faq = (key: string) => text(language, 'faq', `items.${key}`);
      await question.fill(faq('payment.question'));
      await panel.getByRole('button', { name: a('input.send') }).click();
      await expect(panel.getByText(faq('payment.answer'))).toBeVisible();

      // A field's hint, with a link that opens the field's step and puts the cursor in it.
      const capital = text(language, 'wizard', 'fields.shareCapital.title');
      await question.fill(capital);
      await question.press('Enter');
      await expect(
        panel.getByText(text(language, 'wizard', 'fields.shareCapital.tooltip')).last(),
      ).toBeVisible();
      await page.screenshot({
        path: `/tmp/e2e-shots/wizard-assistant-${language}-${testInfo.project.name}.png`,
      });
      await panel
        .getByRole('button', { name: fillTemplate(a('answer.goToField'), { field: capital }) })
        .last()
        .click();
      await expect(form.stepHeading).toHaveText(form.stepTitle('companyDetails'));
      await expect(form.shareCapital).toBeFocused();

      // The field with the focus: the assistant offers its hint.
      if (isPhone) {
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await openButton.click();
        await expect(page.getByTestId('assistant-hint')).toContainText(
          fillTemplate(a('hint.title'), { field: capital }),
        );
        await page.getByRole('button', { name: a('close'), exact: true }).click();
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(openButton).toBeVisible();
      } else {
        await form.companyName.focus();
        await expect(page.getByTestId('assistant-hint')).toContainText(
          fillTemplate(a('hint.title'), { field: text(language, 'wizard', 'fields.companyName.title') }),
        );
        await expect(page.getByTestId('assistant-hint')).toContainText(
          text(language, 'wizard', 'fields.companyName.tooltip'),
        );
      }
    });
  });
}

test('offline, the answers stay on the device and reach the server when the connection returns @desktop-only', async ({
  page,
  context,
}) => {
  const language = 'fr';
  await useLanguage(context, language);
  await signUp(page, language);
  await page.goto('/ai-powered-form');
  const form = wizardForm(page, language);
  await expect(form.stepHeading).toHaveText(form.stepTitle('personalInformation'));

  await context.setOffline(true);
  await form.fullName.fill('Camille Dupont');
  await expect(page.getByText(form.t('ui.sync.offline'))).toBeVisible();
  await context.setOffline(false);
  await expect(form.saved).toBeVisible();
  expect((await storedFile(page)).data).toMatchObject({ fullName: 'Camille Dupont' });

  // Typed offline, and the tab closed before the connection came back: the next visit sends it.
  await context.setOffline(true);
  await form.placeOfBirth.fill('Lyon, France');
  await expect(page.getByText(form.t('ui.sync.offline'))).toBeVisible();
  await page.close();
  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto('/ai-powered-form');
  const nextForm = wizardForm(next, language);
  await expect(nextForm.placeOfBirth).toHaveValue('Lyon, France');
  await expect(nextForm.saved).toBeVisible();
  expect((await storedFile(next)).data).toMatchObject({
    fullName: 'Camille Dupont',
    placeOfBirth: 'Lyon, France',
  });
});

test('a founder who owns a package goes from Complete to the documents @desktop-only', async ({
  page,
  context,
}) => {
  const language = 'fr';
  await useLanguage(context, language);
  await signUp(page, language);
  await page.goto('/home');
  await expect.poll(() => storedAccessToken(page)).not.toBeNull();

  // Buy the 1 € package on the local checkout page.
  const checkout = await page.request.post('/api/checkout/create-session', {
    headers: { Authorization: `Bearer ${await storedAccessToken(page)}` },
    data: { offerSku: 'STARTER_PACKAGE', planSku: 'STARTER_PACKAGE_ONE_TIME' },
  });
  expect(checkout.status()).toBe(200);
  await page.goto(((await checkout.json()) as { url: string }).url);
  await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
  await page.getByLabel("Date d'expiration (MM/AA)").fill('12/40');
  await page.getByLabel('Cryptogramme (CVC)').fill('123');
  await page.getByLabel('Nom du titulaire').fill('Camille Dupont');
  await page.getByRole('button', { name: /Payer/ }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/);

  // The whole file was typed earlier (saved as a draft on its last step): Complete sends it.
  const draft = await page.request.post('/api/company-file/draft', {
    headers: { Authorization: `Bearer ${await storedAccessToken(page)}` },
    data: { data: completeCompanyFile(1, pastFifteenth()), step: 4, baseRevision: 0 },
  });
  expect(draft.status()).toBe(200);
  await page.goto('/ai-powered-form');
  const form = wizardForm(page, language);
  await expect(form.stepHeading).toHaveText(form.stepTitle('subscribers'));
  await form.complete.click();
  await expect(page).toHaveURL(/\/documents$/);
  expect((await storedFile(page)).status).toBe('submitted');
});

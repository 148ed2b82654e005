import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { fillTemplate } from '../../src/testing/fill-template';
import { completeCompanyFile } from '../fixtures/company-file';
import { expectNoViolations } from './axe';
import { useLanguage } from './fixtures';
import { RAW_KEY_PATTERN, text } from './locale-text';
import {
  createAccount,
  expect,
  expectFieldError,
  expectPurchaseInToken,
  isoDate,
  pickDate,
  shownDate,
  storedAccessToken,
  test,
  type Account,
} from './real-server';
import { wizardForm, type WizardForm } from './wizard-form';

// /ai-powered-form against the real server and its database (spec sections 2, 3 and 4; issues 5 and 13):
// the country and legal form first, then that form's steps with their rules and messages, drafts that
// survive a reload and show in another browser, the review with its Edit links, the submission, and the
// assistant. A French SASU and a Romanian SRL (two associates, two administrators) in each language.

// A whole company file, typed field by field, with several saves: generous limits for a busy machine.
test.describe.configure({ timeout: 180_000 });

/** The wizard's steps and their version (schemas/wizard/steps.json). */
const stepsFile = JSON.parse(readFileSync('schemas/wizard/steps.json', 'utf8')) as {
  version: number;
  steps: string[];
};

/** What the 1 € package unlocks (schemas/catalog.json). */
const STARTER_PRODUCTS = (
  JSON.parse(readFileSync('schemas/catalog.json', 'utf8')) as {
    offers: { sku: string; productSkus: string[] }[];
  }
).offers.find((offer) => offer.sku === 'STARTER_PACKAGE')?.productSkus;
if (!STARTER_PRODUCTS) throw new Error('schemas/catalog.json has no STARTER_PACKAGE');

/** Signs up through the page's own request context, so the browser holds the refresh cookie the app starts from. */
const signUp = (page: Page, language: Language) => createAccount(page.request, language, 'Camille');

/** The company file as the server holds it, read with the page's own token. */
async function storedFile(page: Page) {
  const token = await storedAccessToken(page);
  const response = await page.request.get('/api/company-file', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    status: string;
    step: number;
    version: number;
    data: Record<string, unknown>;
  };
}

/** A draft saved through the API, as an earlier visit would have left it (the wizard opens on `step`). */
async function savedDraft(page: Page, data: Record<string, unknown>, step: number) {
  await page.goto('/home');
  await expect.poll(() => storedAccessToken(page)).not.toBeNull();
  const response = await page.request.post('/api/company-file/draft', {
    headers: { Authorization: `Bearer ${await storedAccessToken(page)}` },
    data: { data, step, baseRevision: 0, version: stepsFile.version },
  });
  expect(response.status()).toBe(200);
}

/** A French SAS chosen on the first step, nothing else yet. */
const FRENCH_SAS = { jurisdiction: 'FR', legalForm: 'SAS', currency: 'EUR' };

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

/**
 * The founder's own information (step 2), the same for every form. A new draft starts with the name
 * and the birth date of the founder's account; the founder writes the name as on their ID and picks
 * another date in the calendar, which opens on the one shown.
 */
async function fillPersonalInformation(page: Page, form: WizardForm, language: Language, founder: Account) {
  await expect(form.stepHeading).toHaveText(form.stepTitle('personalInformation'));
  await expect(form.fullName).toHaveValue(`${founder.firstname} ${founder.lastname}`);
  await expect(form.dateOfBirth).toHaveText(shownDate(founder.dateOfBirth, language));
  await form.fullName.fill('Camille Dupont');
  await pickDate(page, form.dateOfBirth, '1987-05-15', { opensOn: founder.dateOfBirth.slice(0, 7) });
  await form.placeOfBirth.fill('Lyon, France');
  await chooseNationality(page, form.nationality, language, 'FR');
  await form.address.fill('12 rue de la Paix\n75002 Paris, France');
  await form.fatherName.fill('Jean Dupont');
  await form.motherName.fill('Marie Dupont, née Martin');
  await form.next.click();
}

/**
 * Types a nationality as a founder would ("française", "română") and takes the list's first choice
 * with the keyboard: the state's nationality comes before its territories' ("française (France)").
 */
async function chooseNationality(page: Page, field: Locator, language: Language, code: string) {
  const country = new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  const adjective = text(language, 'nationalities', `${code}.feminine`);
  const label = `${adjective} (${country})`;
  await field.fill(adjective);
  await expect(page.getByRole('option').first()).toHaveText(label);
  await field.press('ArrowDown');
  await field.press('Enter');
  await expect(field).toHaveValue(label);
}

/**
 * One manager's card, filled in (French managers also give their parents' names); an empty birth date
 * opens on December 2000.
 */
async function fillManager(
  page: Page,
  form: WizardForm,
  language: Language,
  number: number,
  person: { name: string; dateOfBirth: string },
  french: boolean,
) {
  const manager = form.manager(number);
  await manager.name.fill(person.name);
  await expect(manager.dateOfBirth).toHaveText(text(language, 'forms', 'date.placeholder'));
  await pickDate(page, manager.dateOfBirth, person.dateOfBirth, { opensOn: '2000-12' });
  await manager.placeOfBirth.fill('Cluj-Napoca, România');
  await chooseNationality(page, manager.nationality, language, 'RO');
  await manager.address.fill('Strada Florilor 3, Cluj-Napoca');
  if (french) {
    await manager.fatherName.fill('Vasile Pop');
    await manager.motherName.fill('Maria Ionescu');
  } else {
    await expect(manager.fatherName).toHaveCount(0);
  }
}

/** The legal declaration (step 5), the same for every form; the date of signature opens on this month. */
async function fillLegalDeclaration(page: Page, form: WizardForm) {
  await expect(form.stepHeading).toHaveText(form.stepTitle('legalDeclaration'));
  await form.nonConviction.check();
  await form.placeOfSignature.fill('Paris');
  await pickDate(page, form.dateOfSignature, pastFifteenth(), { opensOn: isoDate(new Date()).slice(0, 7) });
  await form.next.click();
}

for (const language of LANGUAGES) {
  test.describe(`the wizard in ${language}`, () => {
    // The whole French path in French and English; in Romanian, the wizard is walked through by the
    // Romanian SRL below (every step, the review and the submission), which its founders read in Romanian.
    if (language !== 'ro')
      test('a French SASU: the form first, its rules, a reload mid-way, the review, an edit from it, then the submission', async ({
        page,
        context,
        browser,
      }, testInfo) => {
        await useLanguage(context, language);
        const founder = await signUp(page, language);
        await page.goto('/ai-powered-form');
        const form = wizardForm(page, language, 'FR', 'SASU');
        const { t } = form;
        const required = text(language, 'forms', 'errors.required');

        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('page.title'));
        await expect(form.stepHeading).toHaveText(form.stepTitle('companyForm'));
        await expect(page.getByText(fillTemplate(t('ui.stepOf'), { number: 1, total: 6 }))).toBeVisible();
        // Spec: Go Back only after step 1, Complete on the last step only.
        await expect(form.back).toHaveCount(0);
        await expect(form.complete).toHaveCount(0);
        await expect(page.locator('body')).not.toContainText(RAW_KEY_PATTERN);

        // Step 1: nothing chosen is refused; choosing France offers its four forms, explained.
        await form.next.click();
        await expect(page.getByText(t('errors.jurisdictionRequired'))).toBeVisible();
        await form.country('FR').click();
        for (const code of ['SAS', 'SASU', 'SARL', 'EURL'])
          await expect(form.legalFormCard(code)).toBeVisible();
        await expect(form.legalFormCard('SRL')).toHaveCount(0);
        await expect(
          page.getByText(text(language, 'jurisdictions', 'FR.forms.SASU.explanation.summary')),
        ).toBeVisible();
        await form.legalFormCard('SASU').click();
        await expect(form.legalFormCard('SASU')).toBeChecked();
        await expectNoViolations(page);
        await page.screenshot({
          path: `/tmp/e2e-shots/wizard-form-${language}-${testInfo.project.name}.png`,
          fullPage: true,
        });
        await form.next.click();

        await fillPersonalInformation(page, form, language, founder);

        // Step 3: amounts in euros; a share capital of 0 is refused with the French minimum.
        await expect(form.stepHeading).toHaveText(form.stepTitle('companyDetails'));
        await expect(form.durationYears).toHaveValue('99');
        await expect(form.caenMain).toHaveCount(0);
        await form.companyName.fill('Boulangerie Dupont');
        await form.corporatePurpose.fill('Boulangerie, pâtisserie : fabrication et vente.');
        await form.registeredOffice.fill('12 rue de la Paix, 75002 Paris, France');
        await form.shareCapital.fill('0');
        await form.numberOfShares.fill('100');
        await form.next.click();
        await expectFieldError(
          form.shareCapital,
          fillTemplate(t('errors.shareCapitalMinimum.EUR'), { limit: 1 }),
        );
        await form.shareCapital.fill('1000');
        await expect(form.shareCapital).toHaveAttribute('aria-invalid', 'false');
        // The euro's sign beside the amount, in every language.
        await expect(page.getByText('€', { exact: true }).first()).toBeVisible();

        // Mid-way: the draft reaches the server, survives a reload, and another browser sees it.
        await expect(form.saved).toBeVisible();
        await page.reload();
        await expect(form.stepHeading).toHaveText(form.stepTitle('companyDetails'));
        await expect(form.companyName).toHaveValue('Boulangerie Dupont');
        await expect(form.shareCapital).toHaveValue(/^1\s?000/);
        const elsewhere = await otherBrowser(browser, language, founder);
        const elsewhereForm = wizardForm(elsewhere.page, language, 'FR', 'SASU');
        await expect(elsewhereForm.stepHeading).toHaveText(form.stepTitle('companyDetails'));
        await expect(elsewhereForm.companyName).toHaveValue('Boulangerie Dupont');
        await elsewhere.context.close();
        await form.next.click();

        // Step 4: one president, no second one.
        await expect(form.stepHeading).toHaveText(form.stepTitle('management'));
        await form.next.click();
        await expectFieldError(form.manager(1).name, required);
        await fillManager(page, form, language, 1, { name: 'Ion Pop', dateOfBirth: '1978-11-23' }, true);
        await expect(form.addManager).toHaveCount(0);
        await form.next.click();

        await fillLegalDeclaration(page, form);

        // Step 6: the sole associate is the founder ("It's me" copies their name and address); half of
        // the subscription is paid up at formation (L. 225-3).
        await expect(form.stepHeading).toHaveText(form.stepTitle('subscribers'));
        await expect(form.addSubscriber).toHaveCount(0);
        const sole = form.subscriber(1);
        const itsMe = page.getByRole('button', { name: t('fields.subscriber.fillFromFounder'), exact: true });
        await itsMe.click();
        await expect(sole.name).toHaveValue('Camille Dupont');
        await expect(sole.name).toBeFocused();
        await expect(sole.address).toHaveValue('12 rue de la Paix\n75002 Paris, France');
        await expect(itsMe).toHaveCount(0);
        await sole.shares.fill('100');
        await sole.subscription.fill('1000');
        await sole.paidAmount.fill('400');
        await form.complete.click();
        await expectFieldError(sole.paidAmount, fillTemplate(t('errors.paidUpMinimum.SASU'), { limit: 500 }));
        await sole.paidAmount.fill('500');
        await form.complete.click();

        // The review: every section, written for the language, each with its Edit link.
        await expect(form.review.heading).toBeVisible();
        const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(1000);
        await expect(form.review.section('companyDetails')).toContainText(
          money.replace(/\s/g, ' ').trim().slice(0, 1),
        );
        await expect(form.review.section('companyForm')).toContainText(
          text(language, 'jurisdictions', 'FR.forms.SASU.title'),
        );
        await expect(form.review.section('management')).toContainText('Ion Pop');
        await expectNoViolations(page);
        await page.screenshot({
          path: `/tmp/e2e-shots/wizard-review-${language}-${testInfo.project.name}.png`,
          fullPage: true,
        });
        await form.review.edit('companyDetails').click();
        await expect(form.stepHeading).toHaveText(form.stepTitle('companyDetails'));
        await form.companyName.fill('Boulangerie Dupont & Fils');
        await form.review.backToReview.click();
        await expect(form.review.section('companyDetails')).toContainText('Boulangerie Dupont & Fils');

        await form.review.submit.click();
        await expect(form.review.submitted).toBeVisible();
        const file = await storedFile(page);
        expect(file.status).toBe('submitted');
        expect(file.data).toMatchObject({
          jurisdiction: 'FR',
          legalForm: 'SASU',
          currency: 'EUR',
          fullName: 'Camille Dupont',
          dateOfBirth: '1987-05-15',
          companyName: 'Boulangerie Dupont & Fils',
          shareCapital: 1000,
          durationYears: 99,
          managers: [
            { name: 'Ion Pop', dateOfBirth: '1978-11-23', nationality: 'RO', fatherName: 'Vasile Pop' },
          ],
          subscribers: [
            {
              name: 'Camille Dupont',
              address: '12 rue de la Paix\n75002 Paris, France',
              shares: 100,
              subscription: 1000,
              paidAmount: 500,
            },
          ],
        });
        // Without a package, the next stop is the plans.
        await page.getByRole('button', { name: t('review.submitted.plans') }).click();
        await expect(page).toHaveURL(/\/plans$/);

        // The submitted file reopens as submitted, on its last step, and can be amended.
        await page.goto('/ai-powered-form');
        await expect(page.getByText(t('ui.submitted.title'))).toBeVisible();
        await expect(form.stepHeading).toHaveText(form.stepTitle('subscribers'));
      });

    // In Romanian only, the language of the founders of an SRL: the rules and the saved file do not
    // depend on the language, and every label of its fields exists in all three (check:forms).
    if (language === 'ro')
      test('a Romanian SRL with two associates and two administrators, in lei, with its CAEN codes @desktop-only', async ({
        page,
        context,
      }, testInfo) => {
        await useLanguage(context, language);
        const founder = await signUp(page, language);
        await page.goto('/ai-powered-form');
        const form = wizardForm(page, language, 'RO', 'SRL');
        const { t } = form;

        await form.country('RO').click();
        await expect(form.legalFormCard('SAS')).toHaveCount(0);
        await form.legalFormCard('SRL').click();
        await form.next.click();
        await fillPersonalInformation(page, form, language, founder);

        // Step 3: CAEN codes from a searchable list, amounts in lei, the Romanian minimum capital.
        await expect(form.stepHeading).toHaveText(form.stepTitle('companyDetails'));
        await expect(form.durationYears).toHaveValue('');
        await form.companyName.fill('Brutăria Dumitrescu');
        await form.corporatePurpose.fill('Fabricarea pâinii și a produselor de patiserie.');
        await form.next.click();
        await expectFieldError(form.caenMain, t('errors.caenMainRequired'));
        await form.caenMain.click();
        await form.caenMain.fill('1071');
        await page.getByRole('option', { name: /^1071 — / }).click();
        await expect(form.caenMain).toHaveValue(/^1071 — /);
        await form.caenSecondary.click();
        await form.caenSecondary.fill('4724');
        await page.getByRole('option', { name: /^4724 — / }).click();
        await page.keyboard.press('Escape');
        await form.registeredOffice.fill('Strada Florilor 3, 400000 Cluj-Napoca, România');
        await form.shareCapital.fill('400');
        await form.numberOfShares.fill('100');
        await form.next.click();
        await expectFieldError(
          form.shareCapital,
          fillTemplate(t('errors.shareCapitalMinimum.RON'), { limit: 500 }),
        );
        // One thousand as Romanian writes it (the field's own example), read and echoed in lei.
        await form.shareCapital.fill('1.000');
        const thousandLei = `${new Intl.NumberFormat(language).format(1000)} lei`;
        await expect(
          page.getByText(fillTemplate(text(language, 'forms', 'number.echo'), { amount: thousandLei })),
        ).toBeVisible();
        await page.screenshot({
          path: `/tmp/e2e-shots/wizard-srl-company-${language}-${testInfo.project.name}.png`,
          fullPage: true,
        });
        await form.next.click();

        // Step 4: two administrators; a reload mid-way keeps both.
        await expect(form.stepHeading).toHaveText(form.stepTitle('management'));
        await fillManager(page, form, language, 1, { name: 'Ion Pop', dateOfBirth: '1978-11-23' }, false);
        await form.addManager.click();
        // The 1st of February: the calendar also shows the 1st of March, greyed, in its last week.
        await fillManager(page, form, language, 2, { name: 'Ana Ionescu', dateOfBirth: '1985-02-01' }, false);
        await expect(form.saved).toBeVisible();
        await page.reload();
        await expect(form.stepHeading).toHaveText(form.stepTitle('management'));
        await expect(form.manager(2).name).toHaveValue('Ana Ionescu');
        await form.next.click();

        await fillLegalDeclaration(page, form);

        // Step 6: two associates at least.
        await expect(form.stepHeading).toHaveText(form.stepTitle('subscribers'));
        const first = form.subscriber(1);
        await first.name.fill('Ion Pop');
        await first.address.fill('Strada Florilor 3, Cluj-Napoca');
        await first.shares.fill('60');
        await first.subscription.fill('600');
        await first.paidAmount.fill('0');
        // The form opens with the two associates an SRL needs; with one only, Complete says so.
        await form.subscriber(2).remove.click();
        await expect(form.subscriber(2).card).toHaveCount(0);
        await form.complete.click();
        await expect(
          page.getByText(fillTemplate(t('errors.subscribersMinimum'), { limit: 2 })),
        ).toBeVisible();
        await form.addSubscriber.click();
        const second = form.subscriber(2);
        await second.name.fill('Ana Ionescu');
        await second.address.fill('Strada Lungă 5, Brașov');
        await second.shares.fill('40');
        await second.subscription.fill('400');
        await second.paidAmount.fill('400');
        await form.complete.click();

        // The review: lei, the CAEN names, an unlimited duration; an administrator edited from it.
        await expect(form.review.heading).toBeVisible();
        const details = form.review.section('companyDetails');
        await expect(details).toContainText('1071 — ');
        await expect(details).toContainText(t('fields.durationYears.unlimited'));
        await expect(details).toContainText(`${new Intl.NumberFormat(language).format(1000)} lei`);
        await expect(details).not.toContainText('RON');
        await page.screenshot({
          path: `/tmp/e2e-shots/wizard-srl-review-${language}-${testInfo.project.name}.png`,
          fullPage: true,
        });
        await form.review.edit('management').click();
        await expect(form.stepHeading).toHaveText(form.stepTitle('management'));
        await form.manager(2).name.fill('Ana Maria Ionescu');
        await form.review.backToReview.click();
        await expect(form.review.section('management')).toContainText('Ana Maria Ionescu');
        await form.review.submit.click();
        await expect(form.review.submitted).toBeVisible();

        const file = await storedFile(page);
        expect(file).toMatchObject({ status: 'submitted' });
        expect(file.data).toMatchObject({
          jurisdiction: 'RO',
          legalForm: 'SRL',
          currency: 'RON',
          caenMain: '1071',
          caenSecondary: ['4724'],
          shareCapital: 1000,
          managers: [
            { name: 'Ion Pop', dateOfBirth: '1978-11-23' },
            { name: 'Ana Maria Ionescu', dateOfBirth: '1985-02-01' },
          ],
          subscribers: [
            { name: 'Ion Pop', shares: 60, subscription: 600, paidAmount: 0 },
            { name: 'Ana Ionescu', shares: 40, subscription: 400, paidAmount: 400 },
          ],
        });
        expect(file.data).not.toHaveProperty('durationYears');
      });

    test('the assistant answers from the hints and the FAQ, and its link opens the field', async ({
      page,
      context,
    }, testInfo) => {
      const a = (key: string) => text(language, 'assistant', `chat.${key}`);
      await useLanguage(context, language);
      await signUp(page, language);
      await savedDraft(page, FRENCH_SAS, 1);
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
        panel.getByText(text(language, 'wizard', 'fields.shareCapital.tooltip.SAS')).last(),
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
        // Another step: the hint of a field no longer shown leaves the panel to the conversation.
        await form.back.click();
        await expect(form.stepHeading).not.toHaveText(form.stepTitle('companyDetails'));
        await expect(page.getByTestId('assistant-hint')).toHaveCount(0);
      }
    });
  });
}

test('"I am the president" copies the founder\'s information into the president\'s card', async ({
  page,
  context,
}) => {
  const language = 'fr';
  await useLanguage(context, language);
  await signUp(page, language);
  // The founder's information typed earlier (step 2); the file opens on the management step.
  const founder = {
    fullName: 'Camille Dupont',
    dateOfBirth: '1990-05-17',
    placeOfBirth: 'Lyon, France',
    nationality: 'FR',
    address: '12 rue de la Paix, 75002 Paris, France',
    fatherName: 'Jean Dupont',
    motherName: 'Marie Dupont, née Martin',
  };
  await savedDraft(page, { ...FRENCH_SAS, ...founder }, stepsFile.steps.indexOf('management'));
  await page.goto('/ai-powered-form');
  const form = wizardForm(page, language);
  await expect(form.stepHeading).toHaveText(form.stepTitle('management'));
  const president = form.manager(1);
  await expect(president.name).toHaveValue('');

  const itsMe = page.getByRole('button', {
    name: form.t('fields.manager.fillFromFounder.president'),
    exact: true,
  });
  await itsMe.click();
  // The card holds the founder's information and the focus is on its first field; the shortcut,
  // its work done, goes.
  await expect(president.name).toHaveValue(founder.fullName);
  await expect(president.name).toBeFocused();
  await expect(president.dateOfBirth).toHaveText(shownDate(founder.dateOfBirth, language));
  await expect(president.placeOfBirth).toHaveValue(founder.placeOfBirth);
  await expect(president.nationality).toHaveValue('française (France)');
  await expect(president.address).toHaveValue(founder.address);
  await expect(president.fatherName).toHaveValue(founder.fatherName);
  await expect(president.motherName).toHaveValue(founder.motherName);
  await expect(itsMe).toHaveCount(0);
  const { fullName, ...details } = founder;
  await expect
    .poll(async () => (await storedFile(page)).data.managers)
    .toMatchObject([{ name: fullName, ...details }]);

  // The card is complete: the next step opens.
  await form.next.click();
  await expect(form.stepHeading).toHaveText(form.stepTitle('legalDeclaration'));
});

test('offline, the answers stay on the device and reach the server when the connection returns @desktop-only', async ({
  page,
  context,
}) => {
  const language = 'fr';
  await useLanguage(context, language);
  await signUp(page, language);
  await savedDraft(page, FRENCH_SAS, 1);
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
  await expectPurchaseInToken(page, STARTER_PRODUCTS);

  // The whole file was typed earlier (saved as a draft on its last step): Complete sends it.
  const draft = await page.request.post('/api/company-file/draft', {
    headers: { Authorization: `Bearer ${await storedAccessToken(page)}` },
    data: {
      data: completeCompanyFile(2, pastFifteenth()),
      step: stepsFile.steps.length - 1,
      baseRevision: 0,
      version: stepsFile.version,
    },
  });
  expect(draft.status()).toBe(200);
  await page.goto('/ai-powered-form');
  const form = wizardForm(page, language);
  await expect(form.stepHeading).toHaveText(form.stepTitle('subscribers'));
  await form.complete.click();
  await form.review.submit.click();
  await expect(form.review.submitted).toBeVisible();
  await page.getByRole('button', { name: form.t('review.submitted.documents') }).click();
  await expect(page).toHaveURL(/\/documents$/);
  expect((await storedFile(page)).status).toBe('submitted');
});

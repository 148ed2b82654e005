import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { splitFirstSentence } from '../../src/features/assistant/short-answer';
import { fillTemplate } from '../../src/testing/fill-template';
import { completeCompanyFile } from '../fixtures/company-file';
import { expectNoViolations } from './axe';
import { keepScreenshot, useLanguage } from './fixtures';
import { RAW_KEY_PATTERN, text } from './locale-text';
import {
  createAccount,
  expect,
  expectFieldError,
  expectNoFieldError,
  expectPurchaseInToken,
  isoDate,
  pickDate,
  shownDate,
  test,
  type Account,
} from './real-server';
import {
  chooseNationality,
  companyDraft,
  fillNaturalPerson,
  pastFifteenth,
  savedDraft,
  stepsFile,
  storedFile,
  validCnp,
  type NaturalPersonInput,
} from './wizard-fill';
import { wizardForm, type WizardForm } from './wizard-form';
import { paidThroughApi } from './payment-page';

// /ai-powered-form against the real server and its database (spec sections 2, 3 and 4; issues 5, 13
// and 32): the country and legal form first, then the people the file names, then that form's steps
// with their rules and messages, drafts that survive a reload and show in another browser, the review
// with its Edit links, the submission, and the assistant. A French SASU and a Romanian SRL (two
// associates, two administrators) in each language.

// A whole company file, typed field by field, with several saves: the French SASU took up to 110 s on a
// busy 2-core machine (load 20 to 30, November 2026); twice that and some room.
test.describe.configure({ timeout: 240_000 });

/** What the 1 € package unlocks (schemas/catalog.json). */
const STARTER_PRODUCTS = (
  JSON.parse(readFileSync('schemas/catalog.json', 'utf8')) as {
    offers: { sku: string; productSkus: string[] }[];
  }
).offers.find((offer) => offer.sku === 'STARTER_PACKAGE')?.productSkus;
if (!STARTER_PRODUCTS) throw new Error('schemas/catalog.json has no STARTER_PACKAGE');

/** Signs up through the page's own request context, so the browser holds the refresh cookie the app starts from. */
const signUp = (page: Page, language: Language) => createAccount(page.request, language, 'Camille');

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

/** The founder as their identity document names them. */
const FOUNDER = {
  civility: 'F',
  lastName: 'Dupont',
  firstNames: 'Camille',
  dateOfBirth: '1987-05-15',
  placeOfBirth: 'Lyon, France',
  nationality: 'FR',
  address: '12 rue de la Paix\n75002 Paris, France',
} as const satisfies NaturalPersonInput;

/** The president of the French SASU: not an associate, so no marital status. */
const PRESIDENT = {
  civility: 'M',
  lastName: 'Pop',
  firstNames: 'Ion',
  dateOfBirth: '1978-11-23',
  placeOfBirth: 'Cluj-Napoca, România',
  nationality: 'RO',
  address: 'Strada Florilor 3, Cluj-Napoca',
  fatherName: 'Vasile Pop',
  motherName: 'Maria Ionescu',
} as const satisfies NaturalPersonInput;

/**
 * The People step's first card, the founder's (step 2), the same for every form. A new draft starts
 * with the names and the birth date of the founder's account; the founder writes the name as on their
 * ID and picks another date in the calendar, which opens on the one shown.
 */
async function fillFounder(
  page: Page,
  form: WizardForm,
  language: Language,
  founder: Account,
  details: Partial<NaturalPersonInput>,
) {
  await expect(form.stepHeading).toHaveText(form.stepTitle('people'));
  const card = form.person(1);
  await expect(card.lastName).toHaveValue(founder.lastname);
  await expect(card.firstNames).toHaveValue(founder.firstname);
  await expect(card.dateOfBirth).toHaveText(shownDate(founder.dateOfBirth, language));
  await fillNaturalPerson(page, form, language, 1, { ...FOUNDER, ...details }, founder.dateOfBirth);
}

/**
 * The French SASU's file before its country and form are chosen, as the English test finds it: the
 * founder and the president named without their nationalities, a capital of 0, no president chosen,
 * less than half of the capital paid up; the legal declaration answered.
 */
const SASU_BEFORE_ITS_FORM = {
  persons: [
    { id: 'p1', kind: 'natural', ...FOUNDER, nationality: undefined, maritalStatus: 'single' },
    { id: 'p2', kind: 'natural', ...PRESIDENT, nationality: undefined },
  ],
  companyName: 'Boulangerie Dupont',
  corporatePurpose: 'Boulangerie, pâtisserie : fabrication et vente.',
  registeredOffice: '12 rue de la Paix, 75002 Paris, France',
  durationYears: 99,
  shareCapital: 0,
  numberOfShares: 100,
  nonConvictionStatement: true,
  placeOfSignature: 'Paris',
  dateOfSignature: pastFifteenth(),
  subscribers: [{ personId: 'p1', shares: 100, paidAmount: 400 }],
};

/** What a money field says under it of the amount it read ("soit 1 000 €"). */
const echo = (language: Language, amount: string) =>
  fillTemplate(text(language, 'forms', 'number.echo'), { amount });

/** A whole number of euros as the wizard writes it ("1 000 €", "€1,000"). */
const euros = (language: Language, amount: number) =>
  new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'EUR',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  }).format(amount);

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
    // The whole French path, typed field by field, in French; in English, the same path read where the
    // words differ (below); in Romanian, the wizard is walked through by the Romanian SRL (every step, the
    // review and the submission), which its founders read in Romanian.
    if (language === 'fr')
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
        await keepScreenshot(page, {
          path: `/tmp/e2e-shots/wizard-form-${language}-${testInfo.project.name}.png`,
          fullPage: true,
        });
        await form.next.click();

        // Step 2: the founder, then the president, who is not an associate: a French manager gives
        // their parents' names (declaration of non-conviction and filiation), a marital status is the
        // associates' only.
        await fillFounder(page, form, language, founder, { maritalStatus: 'single' });
        await form.addPerson.click();
        await fillNaturalPerson(page, form, language, 2, PRESIDENT);
        await form.next.click();

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
        // The message, then the amount the field read.
        await expectFieldError(
          form.shareCapital,
          fillTemplate(t('errors.shareCapitalMinimum.EUR'), { limit: 1 }),
          echo(language, euros(language, 0)),
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

        // Step 4: one president, chosen among the people (an individual), no second one.
        await expect(form.stepHeading).toHaveText(form.stepTitle('management'));
        const president = form.manager(1).person;
        await form.next.click();
        await expectFieldError(president, required);
        await president.selectOption({ label: 'Ion Pop' });
        await expectNoFieldError(president);
        await expect(form.addManager).toHaveCount(0);
        await form.next.click();

        await fillLegalDeclaration(page, form);

        // Step 6: the sole associate is the founder and holds every share, filled in; the subscription is
        // computed from the shares; half of it is paid up at formation (L. 225-3).
        await expect(form.stepHeading).toHaveText(form.stepTitle('subscribers'));
        await expect(form.addSubscriber).toHaveCount(0);
        const sole = form.subscriber(1);
        await expect(sole.person).toHaveValue('p1');
        await expect(sole.person.locator('option:checked')).toHaveText('Camille Dupont');
        await expect(sole.shares).toHaveValue('100');
        await expect(sole.subscription).toHaveValue('1000');
        await expect(sole.subscription).not.toBeEditable();
        await sole.paidAmount.fill('400');
        await form.complete.click();
        await expectFieldError(
          sole.paidAmount,
          fillTemplate(t('errors.paidUpMinimum.SASU'), { limit: 500 }),
          echo(language, euros(language, 400)),
        );
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
        // A role names its person as the People step wrote them.
        await expect(form.review.section('people')).toContainText('Dupont');
        await expect(form.review.section('management')).toContainText('Ion Pop');
        await expect(form.review.section('subscribers')).toContainText('Camille Dupont');
        await expectNoViolations(page);
        await keepScreenshot(page, {
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
          companyName: 'Boulangerie Dupont & Fils',
          shareCapital: 1000,
          durationYears: 99,
          persons: [
            {
              id: 'p1',
              kind: 'natural',
              civility: 'F',
              lastName: 'Dupont',
              firstNames: 'Camille',
              dateOfBirth: '1987-05-15',
              address: '12 rue de la Paix\n75002 Paris, France',
              maritalStatus: 'single',
            },
            {
              id: 'p2',
              kind: 'natural',
              lastName: 'Pop',
              dateOfBirth: '1978-11-23',
              nationality: 'RO',
              fatherName: 'Vasile Pop',
            },
          ],
          managers: [{ personId: 'p2' }],
          subscribers: [{ personId: 'p1', shares: 100, subscription: 1000, paidAmount: 500 }],
        });
        // Without a package, the next stop is the plans.
        await page.getByRole('button', { name: t('review.submitted.plans') }).click();
        await expect(page).toHaveURL(/\/plans$/);

        // The submitted file reopens as submitted, on its last step, and can be amended.
        await page.goto('/ai-powered-form');
        await expect(page.getByText(t('ui.submitted.title'))).toBeVisible();
        await expect(form.stepHeading).toHaveText(form.stepTitle('subscribers'));
      });

    if (language === 'en')
      test('a French SASU read in English: the first step, the nationalities typed, every message with its amount, the review', async ({
        page,
        context,
      }) => {
        await useLanguage(context, language);
        const founder = await signUp(page, language);
        await savedDraft(page.request, founder.accessToken, SASU_BEFORE_ITS_FORM, 0);
        await page.goto('/ai-powered-form');
        const form = wizardForm(page, language, 'FR', 'SASU');
        const { t } = form;
        const required = text(language, 'forms', 'errors.required');

        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('page.title'));
        await expect(form.stepHeading).toHaveText(form.stepTitle('companyForm'));
        await expect(page.getByText(fillTemplate(t('ui.stepOf'), { number: 1, total: 6 }))).toBeVisible();
        await expect(page.locator('body')).not.toContainText(RAW_KEY_PATTERN);
        await form.next.click();
        await expect(page.getByText(t('errors.jurisdictionRequired'))).toBeVisible();
        await form.country('FR').click();
        for (const code of ['SAS', 'SASU', 'SARL', 'EURL'])
          await expect(form.legalFormCard(code)).toBeVisible();
        await expect(
          page.getByText(text(language, 'jurisdictions', 'FR.forms.SASU.explanation.summary')),
        ).toBeVisible();
        await form.legalFormCard('SASU').click();
        await form.next.click();

        // The nationalities, typed as an English speaker writes them.
        await expect(form.stepHeading).toHaveText(form.stepTitle('people'));
        await chooseNationality(page, form.person(1).nationality, language, 'FR');
        await chooseNationality(page, form.person(2).nationality, language, 'RO');
        await form.next.click();

        // Each message, and the amount the field read, as English writes euros.
        await expect(form.stepHeading).toHaveText(form.stepTitle('companyDetails'));
        await form.next.click();
        await expectFieldError(
          form.shareCapital,
          fillTemplate(t('errors.shareCapitalMinimum.EUR'), { limit: 1 }),
          echo(language, euros(language, 0)),
        );
        await form.shareCapital.fill('1000');
        await expect(page.getByText(echo(language, euros(language, 1000)))).toBeVisible();
        await form.next.click();
        await expect(form.stepHeading).toHaveText(form.stepTitle('management'));
        const president = form.manager(1).person;
        await form.next.click();
        await expectFieldError(president, required);
        await president.selectOption({ label: 'Ion Pop' });
        await form.next.click();
        await expect(form.stepHeading).toHaveText(form.stepTitle('legalDeclaration'));
        await form.next.click();
        await expect(form.stepHeading).toHaveText(form.stepTitle('subscribers'));
        const sole = form.subscriber(1);
        await expect(sole.subscription).toHaveValue('1000');
        await form.complete.click();
        await expectFieldError(
          sole.paidAmount,
          fillTemplate(t('errors.paidUpMinimum.SASU'), { limit: 500 }),
          echo(language, euros(language, 400)),
        );
        await sole.paidAmount.fill('500');
        await form.complete.click();

        // The review, written for the language.
        await expect(form.review.heading).toBeVisible();
        await expect(form.review.section('companyDetails')).toContainText(euros(language, 1000));
        await expect(form.review.section('companyForm')).toContainText(
          text(language, 'jurisdictions', 'FR.forms.SASU.title'),
        );
        await expect(form.review.section('management')).toContainText('Ion Pop');
        // (The review's markup passes axe's rules: the French test.)
        await form.review.submit.click();
        await expect(form.review.submitted).toBeVisible();
        await page.getByRole('button', { name: t('review.submitted.plans') }).click();
        await expect(page).toHaveURL(/\/plans$/);
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
        // Step 2: every associate and administrator identified as the act constitutiv names them: the
        // founder, French, by a passport; a Romanian associate by her identity card and CNP.
        await fillFounder(page, form, language, founder, {
          idType: 'passport',
          idNumber: '22AB12345',
          idIssuedBy: 'Préfecture du Rhône',
          idIssuedOn: '2022-03-01',
        });
        await expect(form.person(1).fatherName).toHaveCount(0);
        await expect(form.person(1).maritalStatus).toHaveCount(0);
        await form.addPerson.click();
        // The 1st of February: the calendar also shows the 1st of March, greyed, in its last week.
        await fillNaturalPerson(page, form, language, 2, {
          civility: 'F',
          lastName: 'Ionescu',
          firstNames: 'Ana',
          dateOfBirth: '1985-02-01',
          placeOfBirth: 'Brașov, România',
          nationality: 'RO',
          address: 'Strada Lungă 5, Brașov',
          cnp: validCnp('F', '1985-02-01'),
          idType: 'idCard',
          idSeries: 'BV',
          idNumber: '654321',
          idIssuedBy: 'SPCLEP Brașov',
          idIssuedOn: '2020-09-10',
        });
        await form.next.click();

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
          echo(language, `${new Intl.NumberFormat(language).format(400)} lei`),
        );
        // One thousand as Romanian writes it (the field's own example), read and echoed in lei.
        await form.shareCapital.fill('1.000');
        const thousandLei = `${new Intl.NumberFormat(language).format(1000)} lei`;
        await expect(page.getByText(echo(language, thousandLei))).toBeVisible();
        await keepScreenshot(page, {
          path: `/tmp/e2e-shots/wizard-srl-company-${language}-${testInfo.project.name}.png`,
          fullPage: true,
        });
        await form.next.click();

        // Step 4: two administrators, chosen among the people; a reload mid-way keeps both.
        await expect(form.stepHeading).toHaveText(form.stepTitle('management'));
        await form.manager(1).person.selectOption({ label: 'Camille Dupont' });
        await form.addManager.click();
        await form.manager(2).person.selectOption({ label: 'Ana Ionescu' });
        await expect(form.saved).toBeVisible();
        await page.reload();
        await expect(form.stepHeading).toHaveText(form.stepTitle('management'));
        await expect(form.manager(2).person).toHaveValue('p2');
        await form.next.click();

        await fillLegalDeclaration(page, form);

        // Step 6: two associates at least; each subscription follows the shares (10 lei each).
        await expect(form.stepHeading).toHaveText(form.stepTitle('subscribers'));
        const first = form.subscriber(1);
        await first.person.selectOption({ label: 'Camille Dupont' });
        await first.shares.fill('60');
        await expect(first.subscription).toHaveValue('600');
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
        await second.person.selectOption({ label: 'Ana Ionescu' });
        await second.shares.fill('40');
        await expect(second.subscription).toHaveValue('400');
        await second.paidAmount.fill('400');
        await form.complete.click();

        // The review: lei, the CAEN names, an unlimited duration; an administrator's name corrected on
        // the People step shows corrected in both her roles.
        await expect(form.review.heading).toBeVisible();
        const details = form.review.section('companyDetails');
        await expect(details).toContainText('1071 — ');
        await expect(details).toContainText(t('fields.durationYears.unlimited'));
        await expect(details).toContainText(`${new Intl.NumberFormat(language).format(1000)} lei`);
        await expect(details).not.toContainText('RON');
        await keepScreenshot(page, {
          path: `/tmp/e2e-shots/wizard-srl-review-${language}-${testInfo.project.name}.png`,
          fullPage: true,
        });
        await form.review.edit('people').click();
        await expect(form.stepHeading).toHaveText(form.stepTitle('people'));
        await form.person(2).firstNames.fill('Ana Maria');
        await form.review.backToReview.click();
        await expect(form.review.section('management')).toContainText('Ana Maria Ionescu');
        await expect(form.review.section('subscribers')).toContainText('Ana Maria Ionescu');
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
          persons: [
            {
              id: 'p1',
              lastName: 'Dupont',
              idType: 'passport',
              idNumber: '22AB12345',
              idIssuedBy: 'Préfecture du Rhône',
              idIssuedOn: '2022-03-01',
            },
            {
              id: 'p2',
              firstNames: 'Ana Maria',
              dateOfBirth: '1985-02-01',
              cnp: validCnp('F', '1985-02-01'),
              idType: 'idCard',
              idSeries: 'BV',
            },
          ],
          managers: [{ personId: 'p1' }, { personId: 'p2' }],
          subscribers: [
            { personId: 'p1', shares: 60, subscription: 600, paidAmount: 0 },
            { personId: 'p2', shares: 40, subscription: 400, paidAmount: 400 },
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
      const founder = await signUp(page, language);
      await savedDraft(page.request, founder.accessToken, FRENCH_SAS, 1);
      await page.goto('/ai-powered-form');
      const form = wizardForm(page, language);
      await expect(form.stepHeading).toHaveText(form.stepTitle('people'));

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
      // Short first: the hint's first sentence, the rest behind "Details".
      const hint = splitFirstSentence(text(language, 'wizard', 'fields.shareCapital.tooltip.SAS'));
      const hintAnswer = panel.getByTestId('assistant-answer').filter({ hasText: hint.first }).last();
      await expect(hintAnswer.getByText(hint.first)).toBeVisible();
      await expect(hintAnswer.getByText(hint.rest)).toBeHidden();
      await hintAnswer.getByRole('button', { name: a('answer.details') }).click();
      await expect(hintAnswer.getByText(hint.rest)).toBeVisible();
      await keepScreenshot(page, {
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

test('the president is one of the people: their record is corrected on the People step, which asks a French president for their parents', async ({
  page,
  context,
}) => {
  const language = 'fr';
  await useLanguage(context, language);
  const account = await signUp(page, language);
  // The founder typed earlier, without their parents' names; the file opens on the management step.
  const founder = {
    id: 'p1',
    kind: 'natural',
    civility: 'F',
    lastName: 'Dupont',
    firstNames: 'Camille',
    dateOfBirth: '1990-05-17',
    placeOfBirth: 'Lyon, France',
    nationality: 'FR',
    address: '12 rue de la Paix, 75002 Paris, France',
    maritalStatus: 'single',
  };
  await savedDraft(
    page.request,
    account.accessToken,
    { ...companyDraft('FR-SAS'), persons: [founder] },
    'management',
  );
  await page.goto('/ai-powered-form');
  const form = wizardForm(page, language);
  await expect(form.stepHeading).toHaveText(form.stepTitle('management'));
  const president = form.manager(1).person;
  await expect(president).toHaveValue('');

  // The president is chosen by name; the file holds a reference to the person, not a copy.
  await president.selectOption({ label: 'Camille Dupont' });
  await expect.poll(async () => (await storedFile(page)).data.managers).toEqual([{ personId: 'p1' }]);
  // The president's declaration of non-conviction and filiation names their parents: the People step
  // asks for them.
  await form.next.click();
  await expectFieldError(president, form.t('errors.managerParents'));
  await form.back.click();
  await form.back.click();
  await expect(form.stepHeading).toHaveText(form.stepTitle('people'));
  const card = form.person(1);
  await card.firstNames.fill('Camille Marie');
  await card.fatherName.fill('Jean Dupont');
  await card.motherName.fill('Marie Dupont, née Martin');
  await form.next.click();
  await form.next.click();

  // The same person, corrected, is the president: the next step opens.
  await expect(form.stepHeading).toHaveText(form.stepTitle('management'));
  await expect(president.locator('option:checked')).toHaveText('Camille Marie Dupont');
  await form.next.click();
  await expect(form.stepHeading).toHaveText(form.stepTitle('legalDeclaration'));
  expect((await storedFile(page)).data).toMatchObject({
    persons: [{ id: 'p1', firstNames: 'Camille Marie', fatherName: 'Jean Dupont' }],
    managers: [{ personId: 'p1' }],
  });
});

test('offline, the answers stay on the device and reach the server when the connection returns @desktop-only', async ({
  page,
  context,
}) => {
  const language = 'fr';
  await useLanguage(context, language);
  const founder = await signUp(page, language);
  await savedDraft(page.request, founder.accessToken, FRENCH_SAS, 1);
  await page.goto('/ai-powered-form');
  const form = wizardForm(page, language);
  await expect(form.stepHeading).toHaveText(form.stepTitle('people'));

  await context.setOffline(true);
  await form.person(1).lastName.fill('Dupont');
  await expect(page.getByText(form.t('ui.sync.offline'))).toBeVisible();
  await context.setOffline(false);
  await expect(form.saved).toBeVisible();
  expect((await storedFile(page)).data).toMatchObject({ persons: [{ lastName: 'Dupont' }] });

  // Typed offline, and the tab closed before the connection came back: the next visit sends it.
  await context.setOffline(true);
  await form.person(1).placeOfBirth.fill('Lyon, France');
  await expect(page.getByText(form.t('ui.sync.offline'))).toBeVisible();
  await page.close();
  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto('/ai-powered-form');
  const nextForm = wizardForm(next, language);
  await expect(nextForm.person(1).placeOfBirth).toHaveValue('Lyon, France');
  await expect(nextForm.saved).toBeVisible();
  expect((await storedFile(next)).data).toMatchObject({
    persons: [{ lastName: 'Dupont', placeOfBirth: 'Lyon, France' }],
  });
});

test('a founder who owns a package goes from Complete to the documents @desktop-only', async ({
  page,
  context,
}) => {
  const language = 'fr';
  await useLanguage(context, language);
  const founder = await signUp(page, language);
  // The 1 € package, bought through the API (the order and payment pages have their own tests), and
  // the whole file typed earlier, saved as a draft on its last step: Complete sends it.
  await paidThroughApi(
    page.request,
    founder.accessToken,
    'STARTER_PACKAGE',
    'STARTER_PACKAGE_ONE_TIME',
    language,
  );
  await savedDraft(
    page.request,
    founder.accessToken,
    completeCompanyFile(2, pastFifteenth()),
    stepsFile.steps.length - 1,
  );
  await page.goto('/ai-powered-form');
  const form = wizardForm(page, language);
  await expect(form.stepHeading).toHaveText(form.stepTitle('subscribers'));
  await expectPurchaseInToken(page, STARTER_PRODUCTS);
  await form.complete.click();
  await form.review.submit.click();
  await expect(form.review.submitted).toBeVisible();
  await page.getByRole('button', { name: form.t('review.submitted.documents') }).click();
  await expect(page).toHaveURL(/\/documents$/);
  expect((await storedFile(page)).status).toBe('submitted');
});

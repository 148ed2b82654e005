/**
 * Issue 32: a French SAS whose founder is married under the community regime and pays her
 * contribution with common property (her spouse is named, C. civ. 1832-2), a second associate who is
 * also its directeur général, and a président who is not an associate: the People step typed in French,
 * the roles chosen among its people, the review that shows them, the file saved. The company details and
 * the legal declaration come from an earlier visit (other tests type them). In English and Romanian, the
 * same file read where the words differ: the People step's cards, the spouse's messages, the roles on
 * the review. (Typing a person field by field, the calendar and the nationalities in each language:
 * wizard.spec.ts.)
 */
import type { Language } from '../../src/lib/i18n/languages';
import { keepScreenshot, useLanguage } from './fixtures';
import { text } from './locale-text';
import { createAccount, expect, expectFieldError, test, type Account } from './real-server';
import { companyDraft, fillNaturalPerson, savedDraft, storedFile } from './wizard-fill';
import { wizardForm } from './wizard-form';

test.describe.configure({ timeout: 180_000 });

test('a French SAS with a married associate, a directeur général and a président who is not an associate (fr) @desktop-only', async ({
  page,
  context,
}, testInfo) => {
  const language = 'fr';
  await useLanguage(context, language);
  const founder = await createAccount(page.request, language, 'Camille');
  await savedDraft(page.request, founder.accessToken, companyDraft('FR-SAS'), 'people');
  await page.goto('/ai-powered-form');
  const form = wizardForm(page, language, 'FR', 'SAS');
  const { t } = form;
  await expect(form.stepHeading).toHaveText(form.stepTitle('people'));

  // The founder, known by her spouse's name, married without a contract.
  const camille = form.person(1);
  await fillNaturalPerson(page, form, language, 1, {
    civility: 'F',
    lastName: founder.lastname,
    firstNames: founder.firstname,
    dateOfBirth: founder.dateOfBirth,
    placeOfBirth: 'Lyon, France',
    nationality: 'FR',
    address: '8 rue des Tanneurs, 69002 Lyon, France',
  });
  await camille.usageName.fill('Dupont');
  await expect(camille.matrimonialRegime).toHaveCount(0);
  await camille.maritalStatus.selectOption({ label: t('fields.person.maritalStatus.married') });
  // The spouse matters only under a community regime, and only when common property pays.
  await camille.matrimonialRegime.selectOption({ label: t('fields.person.matrimonialRegime.separation') });
  await expect(camille.commonFunds).toHaveCount(0);
  await camille.matrimonialRegime.selectOption({ label: t('fields.person.matrimonialRegime.community') });
  await expect(camille.commonFunds).not.toBeChecked();
  await expect(camille.spouseLastName).toHaveCount(0);
  await camille.commonFunds.check();
  await form.next.click();
  await completeSpouse(form, language);

  // A second associate, single, and directeur général: his parents' names for his declaration of
  // non-conviction and filiation.
  await form.addPerson.click();
  await fillNaturalPerson(page, form, language, 2, {
    civility: 'M',
    lastName: 'Bernard',
    firstNames: 'Luc',
    dateOfBirth: '1979-10-30',
    placeOfBirth: 'Nantes, France',
    nationality: 'FR',
    address: '5 quai de la Fosse, 44000 Nantes, France',
    fatherName: 'Yves Bernard',
    motherName: 'Anne Bernard, née Leroy',
    maritalStatus: 'single',
  });

  // The président, not an associate: his parents' names (the declaration of non-conviction and
  // filiation), no marital status.
  await form.addPerson.click();
  await fillNaturalPerson(page, form, language, 3, {
    civility: 'M',
    lastName: 'Lefèvre',
    firstNames: 'Marc',
    dateOfBirth: '1975-04-21',
    placeOfBirth: 'Lille, France',
    nationality: 'FR',
    address: '14 rue Esquermoise, 59800 Lille, France',
    fatherName: 'Henri Lefèvre',
    motherName: 'Claire Lefèvre, née Petit',
  });
  await keepScreenshot(page, {
    path: `/tmp/e2e-shots/persons-sas-people-${language}-${testInfo.project.name}.png`,
    fullPage: true,
  });
  await form.next.click();

  await expect(form.stepHeading).toHaveText(form.stepTitle('companyDetails'));
  await form.next.click();
  await expect(form.stepHeading).toHaveText(form.stepTitle('management'));
  await form.manager(1).person.selectOption({ label: 'Marc Lefèvre' });
  await form.directorGeneral.selectOption({ label: 'Luc Bernard' });
  await form.next.click();
  await expect(form.stepHeading).toHaveText(form.stepTitle('legalDeclaration'));
  await form.next.click();

  // Two associates: 1,000 € in 100 shares of 10 €, at least half paid up (L. 225-3).
  await expect(form.stepHeading).toHaveText(form.stepTitle('subscribers'));
  const first = form.subscriber(1);
  await first.person.selectOption({ label: 'Camille Marin (Dupont)' });
  await first.shares.fill('60');
  await expect(first.subscription).toHaveValue('600');
  await first.paidAmount.fill('300');
  const second = form.subscriber(2);
  await second.person.selectOption({ label: 'Luc Bernard' });
  await second.shares.fill('40');
  await second.paidAmount.fill('400');
  await form.complete.click();

  // The review: the spouse and the regime on the People step; the président's and the directeur
  // général's roles; the associates, each above 25 %, are the beneficial owners.
  await expect(form.review.heading).toBeVisible();
  const people = form.review.section('people');
  await expect(people).toContainText(t('fields.person.matrimonialRegime.community'));
  await expect(people).toContainText('Paul');
  await expect(form.review.section('management')).toContainText('Marc Lefèvre');
  const roles = form.review.persons;
  await expect(roles).toContainText(t('review.persons.roles.manager.president.M'));
  await expect(roles).toContainText(t('review.persons.roles.directorGeneral.M'));
  await expect(roles.getByText(t('review.persons.beneficialOwner'), { exact: true })).toHaveCount(2);
  await keepScreenshot(page, {
    path: `/tmp/e2e-shots/persons-sas-review-${language}-${testInfo.project.name}.png`,
    fullPage: true,
  });
  await form.review.submit.click();
  await expect(form.review.submitted).toBeVisible();

  // What is saved does not depend on the language: checked here only.
  expect((await storedFile(page)).data).toMatchObject({
    persons: [
      {
        id: 'p1',
        lastName: 'Marin',
        usageName: 'Dupont',
        maritalStatus: 'married',
        matrimonialRegime: 'community',
        commonFunds: true,
        spouseCivility: 'M',
        spouseLastName: 'Dupont',
        spouseFirstNames: 'Paul',
      },
      { id: 'p2', maritalStatus: 'single', fatherName: 'Yves Bernard' },
      { id: 'p3', fatherName: 'Henri Lefèvre', motherName: 'Claire Lefèvre, née Petit' },
    ],
    managers: [{ personId: 'p3' }],
    directorGeneralId: 'p2',
    subscribers: [
      { personId: 'p1', shares: 60, subscription: 600, paidAmount: 300 },
      { personId: 'p2', shares: 40, subscription: 400, paidAmount: 400 },
    ],
  });
});

/** The same three people as the French test types them, the spouse's names left to type. */
/**
 * Camille married under common property: her spouse's names are required, then given (Paul Dupont),
 * for the spouse's consent to the contribution of common funds (Code civil, art. 1832-2).
 */
async function completeSpouse(form: ReturnType<typeof wizardForm>, language: Language) {
  const camille = form.person(1);
  const required = text(language, 'forms', 'errors.required');
  await expectFieldError(camille.spouseLastName, required);
  await expectFieldError(camille.spouseFirstNames, required);
  await camille.spouseCivility.selectOption({ label: form.t('fields.person.civility.M') });
  await camille.spouseLastName.fill('Dupont');
  await camille.spouseFirstNames.fill('Paul');
}

function threePeople(founder: Account) {
  return {
    ...companyDraft('FR-SAS'),
    persons: [
      {
        id: 'p1',
        kind: 'natural',
        civility: 'F',
        lastName: founder.lastname,
        usageName: 'Dupont',
        firstNames: founder.firstname,
        dateOfBirth: founder.dateOfBirth,
        placeOfBirth: 'Lyon, France',
        nationality: 'FR',
        address: '8 rue des Tanneurs, 69002 Lyon, France',
        maritalStatus: 'married',
        matrimonialRegime: 'community',
        commonFunds: true,
      },
      {
        id: 'p2',
        kind: 'natural',
        civility: 'M',
        lastName: 'Bernard',
        firstNames: 'Luc',
        dateOfBirth: '1979-10-30',
        placeOfBirth: 'Nantes, France',
        nationality: 'FR',
        address: '5 quai de la Fosse, 44000 Nantes, France',
        fatherName: 'Yves Bernard',
        motherName: 'Anne Bernard, née Leroy',
        maritalStatus: 'single',
      },
      {
        id: 'p3',
        kind: 'natural',
        civility: 'M',
        lastName: 'Lefèvre',
        firstNames: 'Marc',
        dateOfBirth: '1975-04-21',
        placeOfBirth: 'Lille, France',
        nationality: 'FR',
        address: '14 rue Esquermoise, 59800 Lille, France',
        fatherName: 'Henri Lefèvre',
        motherName: 'Claire Lefèvre, née Petit',
      },
    ],
    managers: [{ personId: 'p3' }],
    directorGeneralId: 'p2',
    subscribers: [
      { personId: 'p1', shares: 60, subscription: 600, paidAmount: 300 },
      { personId: 'p2', shares: 40, subscription: 400, paidAmount: 400 },
    ],
  };
}

for (const language of ['en', 'ro'] as const) {
  test(`the same SAS read in ${language}: the People step's cards, the spouse's messages, the roles on the review @desktop-only`, async ({
    page,
    context,
  }) => {
    await useLanguage(context, language);
    const founder = await createAccount(page.request, language, 'Camille');
    await savedDraft(page.request, founder.accessToken, threePeople(founder), 'people');
    await page.goto('/ai-powered-form');
    const form = wizardForm(page, language, 'FR', 'SAS');
    const { t } = form;
    await expect(form.stepHeading).toHaveText(form.stepTitle('people'));

    // Each card's fields under their labels in the language.
    const camille = form.person(1);
    await expect(camille.usageName).toHaveValue('Dupont');
    await expect(camille.matrimonialRegime.locator('option:checked')).toHaveText(
      t('fields.person.matrimonialRegime.community'),
    );
    await expect(camille.commonFunds).toBeChecked();
    await expect(form.person(2).fatherName).toHaveValue('Yves Bernard');
    await expect(form.person(3).motherName).toHaveValue('Claire Lefèvre, née Petit');

    await form.next.click();
    await completeSpouse(form, language);
    await form.next.click();

    for (const step of ['companyDetails', 'management', 'legalDeclaration', 'subscribers']) {
      await expect(form.stepHeading).toHaveText(form.stepTitle(step));
      if (step === 'subscribers') await form.complete.click();
      else await form.next.click();
    }

    await expect(form.review.heading).toBeVisible();
    const people = form.review.section('people');
    await expect(people).toContainText(t('fields.person.matrimonialRegime.community'));
    await expect(people).toContainText('Paul');
    await expect(form.review.section('management')).toContainText('Marc Lefèvre');
    const roles = form.review.persons;
    await expect(roles).toContainText(t('review.persons.roles.manager.president.M'));
    await expect(roles).toContainText(t('review.persons.roles.directorGeneral.M'));
    await expect(roles.getByText(t('review.persons.beneficialOwner'), { exact: true })).toHaveCount(2);
    await form.review.submit.click();
    await expect(form.review.submitted).toBeVisible();
  });
}

/**
 * Issue 32: a person is one record that every role points to. A founder who paid for the statutes
 * finds a typo in her name on the review, corrects it once on the People step, and reads it corrected
 * in each of her roles on the review and in the documents she downloads: the French statuts (PDF and
 * Word) in French, their English translation in English, a Romanian act constitutiv in Romanian.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { Language } from '../../src/lib/i18n/languages';
import { completeCompanyFile, type LegalFormId } from '../fixtures/company-file';
import { docxText, pdfText, squeeze } from '../server/document-text';
import { useLanguage } from './fixtures';
import { text } from './locale-text';
import { paidThroughApi } from './payment-page';
import { createAccount, expect, expectPurchaseInToken, test } from './real-server';
import { pastFifteenth, savedDraft, stepsFile } from './wizard-fill';
import { wizardForm } from './wizard-form';

test.describe.configure({ timeout: 180_000 });

/** What the 1 € package unlocks (schemas/catalog.json): the statutes among them. */
const STARTER_PRODUCTS = (
  JSON.parse(readFileSync('schemas/catalog.json', 'utf8')) as {
    offers: { sku: string; productSkus: string[] }[];
  }
).offers.find((offer) => offer.sku === 'STARTER_PACKAGE')?.productSkus;
if (!STARTER_PRODUCTS) throw new Error('schemas/catalog.json has no STARTER_PACKAGE');

const FOUNDERS: {
  language: Language;
  form: LegalFormId;
  /** The statutes' card: an SRL's is its act constitutiv. */
  card: string;
  /** The copy downloaded: the filing copy, or the courtesy translation into the interface's language. */
  copy: 'filing' | 'translation';
}[] = [
  { language: 'fr', form: 'FR-SAS', card: 'cards.statutes.title', copy: 'filing' },
  { language: 'en', form: 'FR-SAS', card: 'cards.statutes.title', copy: 'translation' },
  { language: 'ro', form: 'RO-SRL', card: 'cards.statutes.actConstitutiv', copy: 'filing' },
];

/** Clicks a download button and returns the file. */
async function downloaded(page: Page, button: Locator): Promise<Buffer> {
  const saved = page.waitForEvent('download');
  await button.click();
  return readFileSync(await (await saved).path());
}

for (const { language, form: legalForm, card, copy } of FOUNDERS) {
  test(`a name corrected on the People step is corrected on the review and in the ${legalForm} documents (${language}) @desktop-only`, async ({
    page,
    context,
  }) => {
    await useLanguage(context, language);
    const founder = await createAccount(page.request, language, 'Camille');
    // The 1 € package, bought through the API (the order and payment pages have their own tests).
    await paidThroughApi(
      page.request,
      founder.accessToken,
      'STARTER_PACKAGE',
      'STARTER_PACKAGE_ONE_TIME',
      language,
    );

    // The whole file typed earlier, the founder's birth name mistyped: she is the president or the
    // administrator, and an associate.
    const file = completeCompanyFile(2, pastFifteenth(), legalForm);
    const persons = file.persons as Record<string, unknown>[];
    persons[0] = { ...persons[0], lastName: 'Dupomt' };
    await savedDraft(page.request, founder.accessToken, file, stepsFile.steps.length - 1);
    await page.goto('/ai-powered-form');
    const form = wizardForm(page, language, legalForm === 'RO-SRL' ? 'RO' : 'FR', legalForm.slice(3));
    await expect(form.stepHeading).toHaveText(form.stepTitle('subscribers'));
    // The page's token lists the package bought before it opened.
    await expectPurchaseInToken(page, STARTER_PRODUCTS);
    await form.complete.click();
    await expect(form.review.heading).toBeVisible();
    await expect(form.review.section('management')).toContainText('Camille Dupomt');

    // Corrected once, on the People step: every role follows.
    await form.review.edit('people').click();
    await expect(form.stepHeading).toHaveText(form.stepTitle('people'));
    await form.person(1).lastName.fill('Dupont');
    await form.review.backToReview.click();
    await expect(form.review.heading).toBeVisible();
    await expect(form.review.section('people')).toContainText('Dupont');
    await expect(form.review.section('management')).toContainText('Camille Dupont');
    await expect(form.review.section('subscribers')).toContainText('Camille Dupont');
    await expect(page.getByRole('main')).not.toContainText('Dupomt');
    await form.review.submit.click();
    await expect(form.review.submitted).toBeVisible();

    // The statutes, downloaded: the corrected name, never the typo.
    await page.getByRole('button', { name: form.t('review.submitted.documents') }).click();
    await expect(page).toHaveURL(/\/documents$/);
    const d = (key: string) => text(language, 'documents', key);
    const statutes = page.getByRole('article', { name: d(card) });
    const pdfButton =
      copy === 'filing'
        ? statutes.getByRole('button', { name: d('actions.pdf'), exact: true })
        : statutes.getByRole('button', {
            name: d('actions.translationFormat')
              .replace('{{format}}', 'PDF')
              .replace(
                '{{language}}',
                new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? '',
              ),
          });
    await expect(pdfButton).toBeEnabled();
    const pdf = await pdfText(await downloaded(page, pdfButton));
    expect(squeeze(pdf.text)).toContain(squeeze('Camille Dupont'));
    expect(pdf.text).not.toContain('Dupomt');
    // The Word copy is written from the same file: checked once.
    if (language === 'fr') {
      const word = docxText(
        await downloaded(page, statutes.getByRole('button', { name: d('actions.docx'), exact: true })),
      );
      expect(squeeze(word.body)).toContain(squeeze('Camille Dupont'));
      expect(word.body).not.toContain('Dupomt');
    }
  });
}

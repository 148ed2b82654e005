/**
 * What founders pay for: a document previewed before paying, then downloaded as PDF and Word once
 * paid. A Romanian SRL founder in Romanian (the act constitutiv, the filing copy) and a French SASU
 * founder in English (the statuts, and their English courtesy translation).
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { Language } from '../../src/lib/i18n/languages';
import { completeCompanyFile, type LegalFormId } from '../fixtures/company-file';
import { useLanguage } from './fixtures';
import { text } from './locale-text';
import { paidThroughApi } from './payment-page';
import { createAccount, expect, expectPurchaseInToken, test } from './real-server';
import { submittedFile } from './wizard-fill';

/** Clicks a download button and returns the file's suggested name and first bytes. */
async function downloadFrom(page: Page, button: Locator): Promise<{ name: string; head: string }> {
  const saved = page.waitForEvent('download');
  await button.click();
  const file = await saved;
  return {
    name: file.suggestedFilename(),
    head: readFileSync(await file.path())
      .subarray(0, 5)
      .toString('latin1'),
  };
}

const catalog = JSON.parse(readFileSync('schemas/catalog.json', 'utf8')) as {
  offers: { sku: string; name: Record<Language, string>; productSkus: string[]; plans: { sku: string }[] }[];
};
const STANDARD_PACKAGE = catalog.offers.find((offer) => offer.sku === 'STANDARD_PACKAGE');
if (!STANDARD_PACKAGE) throw new Error('schemas/catalog.json has no STANDARD_PACKAGE');

const language = (code: string, of: Language) => new Intl.DisplayNames([of], { type: 'language' }).of(code);

const FOUNDERS: {
  form: LegalFormId;
  language: Language;
  /** The card's title: the documents are named after the form (an SRL's act constitutiv). */
  card: string;
  previewTitle: string;
  fileName: string;
  translation?: { fileName: string; title: string };
}[] = [
  {
    form: 'RO-SRL',
    language: 'ro',
    card: 'cards.statutes.actConstitutiv',
    previewTitle: 'Actul constitutiv al societății Brutăria Dumitrescu SRL',
    fileName: 'act-constitutiv-brutaria-dumitrescu',
  },
  {
    form: 'FR-SASU',
    language: 'en',
    card: 'cards.statutes.title',
    previewTitle: 'Statuts de Boulangerie Dupont',
    fileName: 'statuts-boulangerie-dupont',
    translation: {
      fileName: 'articles-of-association-translation-boulangerie-dupont',
      title: 'Articles of association of Boulangerie Dupont',
    },
  },
];

for (const founder of FOUNDERS) {
  const lang = founder.language;
  const t = (key: string) => text(lang, 'documents', key);

  test(`a ${founder.form} founder previews the statutes, pays, and downloads them as PDF and Word (${lang}) @desktop-only`, async ({
    page,
    context,
  }) => {
    // Preview, payment and two downloads written by the server: generous on a busy 2-core machine.
    test.slow();
    await useLanguage(context, lang);
    // The file submitted earlier (the wizard has its own tests); the app logs in with the refresh cookie
    // the sign-up set.
    const account = await createAccount(page.request, lang, 'Sorina');
    await submittedFile(
      page.request,
      account.accessToken,
      completeCompanyFile(2, '2026-01-15', founder.form),
    );

    // Before paying: the card is locked, and the preview shows the document from the answers.
    await page.goto('/documents');
    const statutes = page.getByRole('article', { name: t(founder.card) });
    await expect(statutes.getByRole('button', { name: t('actions.locked') })).toBeDisabled();
    await statutes.getByRole('button', { name: t('actions.preview') }).click();
    const dialog = page.getByRole('dialog');
    if (founder.translation) {
      // The interface is in English: the preview opens on the translation, then shows the official copy.
      await expect(dialog.getByRole('article', { name: founder.translation.title })).toBeVisible();
      await expect(dialog).toContainText(
        t('copies.translationNote').replace('{{language}}', language('fr', lang) ?? ''),
      );
      await dialog
        .getByText(
          text(lang, 'documents', 'preview.filing').replace('{{language}}', language('fr', lang) ?? ''),
        )
        .click();
    }
    const sheet = dialog.getByRole('article', { name: founder.previewTitle });
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveAttribute('data-watermark', t('preview.watermark'));
    await expect(sheet).toContainText(founder.form.startsWith('RO') ? 'Legea nr. 31/1990' : 'L. 227-1');
    // Not bought yet: the standard clauses are not sent, and the dialog says why.
    await expect(sheet.getByRole('note', { name: t('preview.withheld') }).first()).toBeVisible();
    await expect(dialog.getByText(t('preview.withheldNotice'))).toBeVisible();
    await expect(dialog.getByRole('link', { name: t('locked.seePlans') })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Pays the standard package, which includes the statutes (the order and payment pages have their own
    // tests: marketing.spec.ts, dashboard.spec.ts).
    await paidThroughApi(
      page.request,
      account.accessToken,
      'STANDARD_PACKAGE',
      STANDARD_PACKAGE.plans[0]?.sku ?? '',
      lang,
    );

    // Paid: the official copy as PDF/A and as Word.
    await page.goto('/documents');
    await expectPurchaseInToken(page, STANDARD_PACKAGE.productSkus);
    const pdf = statutes.getByRole('button', { name: t('actions.pdf'), exact: true });
    await expect(pdf).toBeEnabled();
    expect(await downloadFrom(page, pdf)).toEqual({ name: `${founder.fileName}.pdf`, head: '%PDF-' });
    await expect(statutes.getByRole('status')).toHaveText(
      t('download.ready').replace('{{document}}', t(founder.card)),
    );
    const word = statutes.getByRole('button', { name: t('actions.docx'), exact: true });
    // A DOCX is a ZIP archive: "PK\x03\x04".
    const docx = await downloadFrom(page, word);
    expect(docx.name).toBe(`${founder.fileName}.docx`);
    expect(docx.head.startsWith('PK\u0003\u0004')).toBe(true);

    if (founder.translation) {
      const translated = statutes.getByRole('button', {
        name: t('actions.translationFormat')
          .replace('{{format}}', 'PDF')
          .replace('{{language}}', language(lang, lang) ?? ''),
      });
      expect(await downloadFrom(page, translated)).toEqual({
        name: `${founder.translation.fileName}.pdf`,
        head: '%PDF-',
      });
    } else {
      // The interface speaks the filing language: no translation is offered.
      await expect(statutes.getByText(t('copies.translation').split('{{')[0] ?? '')).toHaveCount(0);
    }

    // Bought: the preview holds the whole text.
    await statutes.getByRole('button', { name: t('actions.previewOwned') }).click();
    await expect(dialog.getByRole('article').first()).toBeVisible();
    await expect(dialog.getByRole('note', { name: t('preview.withheld') })).toHaveCount(0);
    await expect(dialog.getByText(t('preview.withheldNotice'))).toHaveCount(0);
  });
}

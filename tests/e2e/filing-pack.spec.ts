/**
 * The pre-filing check and the whole pack: a French SARL founder (in French) and a Romanian SRL
 * founder (in Romanian) read the verdict on the documents page before any download, follow a
 * problem's link to the wizard's field, pay, and download every document in one ZIP.
 */
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Language } from '../../src/lib/i18n/languages';
import { completeCompanyFile, type LegalFormId } from '../fixtures/company-file';
import { keepScreenshot, useLanguage } from './fixtures';
import { text } from './locale-text';
import { paidThroughApi } from './payment-page';
import { createAccount, expect, isoDate, test } from './real-server';
import { savedDraft, submittedFile } from './wizard-fill';

const catalog = JSON.parse(readFileSync('schemas/catalog.json', 'utf8')) as {
  offers: { sku: string; plans: { sku: string }[]; productSkus: string[] }[];
};
const STANDARD = catalog.offers.find((offer) => offer.sku === 'STANDARD_PACKAGE');
if (!STANDARD?.plans[0]) throw new Error('schemas/catalog.json has no STANDARD_PACKAGE plan');

const daysAgo = (days: number) => isoDate(new Date(Date.now() - days * 86_400_000));

const FOUNDERS: {
  form: LegalFormId;
  language: Language;
  /** Days since the signature: a Romanian act filed after 15 days draws a warning (art. 36). */
  signedDaysAgo: number;
  /** A person the file names without a role (a warning, with a link to the People step). */
  extraPerson: boolean;
  zip: string;
  files: string[];
}[] = [
  {
    form: 'FR-SARL',
    language: 'fr',
    signedDaysAgo: 2,
    extraPerson: false,
    zip: 'dossier-boulangerie-dupont.zip',
    // No attestation de domiciliation nor pouvoir: the answers do not call for them.
    files: [
      'annonce-legale-boulangerie-dupont.pdf',
      'beneficiaires-effectifs-boulangerie-dupont.pdf',
      'declaration-non-condamnation-filiation-boulangerie-dupont.pdf',
      'liste-de-controle-boulangerie-dupont.pdf',
      'liste-souscripteurs-boulangerie-dupont.pdf',
      'statuts-boulangerie-dupont.pdf',
    ],
  },
  {
    form: 'RO-SRL',
    language: 'ro',
    signedDaysAgo: 20,
    extraPerson: true,
    zip: 'dosar-brutaria-dumitrescu.zip',
    files: [
      'act-constitutiv-brutaria-dumitrescu.pdf',
      'declaratie-administrator-brutaria-dumitrescu.pdf',
      'declaratie-beneficiari-reali-brutaria-dumitrescu.pdf',
      'declaratie-conditii-functionare-brutaria-dumitrescu.pdf',
      'lista-de-verificare-brutaria-dumitrescu.pdf',
    ],
  },
];

/** The file each founder submits. */
function fileOf(founder: (typeof FOUNDERS)[number]) {
  const data = completeCompanyFile(2, daysAgo(founder.signedDaysAgo), founder.form);
  if (!founder.extraPerson) return data;
  const persons = data.persons as Record<string, unknown>[];
  return {
    ...data,
    persons: [...persons, { ...persons[1], id: 'p3', lastName: 'Vlad', idNumber: '19CD55555' }],
  };
}

for (const founder of FOUNDERS) {
  const lang = founder.language;
  const t = (key: string) => text(lang, 'documents', key);

  test(`a ${founder.form} founder reads the pre-filing verdict and downloads the whole pack (${lang}) @desktop-only`, async ({
    page,
    context,
  }) => {
    // Sign-up, payment and four PDFs written on a shared machine.
    test.setTimeout(90_000);
    await useLanguage(context, lang);
    // The file submitted and the standard package bought earlier (the wizard, the order page and the
    // payment page have their own tests).
    const account = await createAccount(page.request, lang, 'Sorina');
    await submittedFile(page.request, account.accessToken, fileOf(founder));
    await paidThroughApi(page.request, account.accessToken, STANDARD.sku, STANDARD.plans[0]?.sku ?? '', lang);
    await page.goto('/documents');
    const verdict = page.getByRole('region', { name: t('filingCheck.title') });
    await expect(verdict.getByText(t('filingCheck.sourceSubmitted'))).toBeVisible();
    await verdict.scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: test.info().outputPath(`documents-${lang}.png`), fullPage: true });

    if (!founder.extraPerson) {
      await expect(verdict.getByText(t('filingCheck.ready'), { exact: true })).toBeVisible();
      await expect(verdict.getByRole('listitem')).toHaveCount(0);
    } else {
      await expect(verdict.getByText(t('filingCheck.readyWithWarnings'))).toBeVisible();
      const problems = verdict.getByRole('listitem');
      await expect(problems).toHaveCount(2);
      await expect(problems.nth(0)).toHaveAttribute('data-rule', 'personWithoutRole');
      await expect(problems.nth(0)).toContainText('Alex Vlad');
      await expect(problems.nth(1)).toHaveAttribute('data-rule', 'signatureTooOld');
      await expect(problems.nth(1)).toContainText('Legea nr. 31/1990, art. 36 alin. (1)');
    }

    // The whole pack: every document bought, in the filing language, and the checklist.
    const pack = page.getByRole('region', { name: t('pack.title') });
    const saved = page.waitForEvent('download');
    await pack.getByRole('button', { name: t('pack.pdf') }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe(founder.zip);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    expect(Object.keys(files).sort()).toEqual(founder.files);
    for (const [name, bytes] of Object.entries(files))
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1'), name).toBe('%PDF-');
    await expect(pack.getByRole('status')).toHaveText(t('pack.ready'));

    if (founder.extraPerson) {
      // The problem's link opens the wizard on the People step, in the third person's card.
      const problem = verdict.getByRole('listitem').first();
      await problem.getByRole('link').click();
      await expect(page).toHaveURL(/\/ai-powered-form$/);
      await expect(
        page.locator('#root_persons_2_lastName, [id$="persons_2_lastName"]').first(),
      ).toBeFocused();
    }
  });
}

test('the verdict reads in English too, with its problems and links @desktop-only', async ({
  page,
  context,
}) => {
  await useLanguage(context, 'en');
  const account = await createAccount(page.request, 'en', 'Sorina');
  // A draft (no document bought): its check is shown, signed too long ago for a French deposit.
  await savedDraft(page.request, account.accessToken, completeCompanyFile(2, daysAgo(200), 'FR-SARL'), 0);
  await page.goto('/documents');
  const verdict = page.getByRole('region', { name: text('en', 'documents', 'filingCheck.title') });
  await expect(verdict.getByText(text('en', 'documents', 'filingCheck.sourceDraft'))).toBeVisible();
  await expect(verdict.getByRole('listitem')).toHaveCount(1);
  await expect(verdict.getByRole('listitem')).toContainText('C. com. L. 223-8 al. 2');
  await expect(verdict.getByRole('link')).toHaveAttribute('href', '/ai-powered-form?field=dateOfSignature');
  await keepScreenshot(verdict, { path: test.info().outputPath('verdict-en.png') });
});

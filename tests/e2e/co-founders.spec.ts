/**
 * Issue 35: co-founders together. A French SAS with two associates, in two browsers: the founder (in
 * French) invites the second associate, who (in English) joins through the e-mail's link, corrects
 * their own record and approves the file; the founder gives their own acts, prepares the documents,
 * and both sign them with the codes mailed to them; the signed statuts download and pdfsig validates
 * their PAdES seal. A Romanian SRL reaches the "sign with your qualified certificate" path instead.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Language } from '../../src/lib/i18n/languages';
import { completeCompanyFile, type LegalFormId } from '../fixtures/company-file';
import { keepScreenshot, useLanguage } from './fixtures';
import { text as rawText } from './locale-text';
import { paidThroughApi } from './payment-page';
import { bearer, createAccount, expect, isoDate, test, type Account } from './real-server';
import { lastMailedLink, mailsTo } from './server-data';
import { submittedFile } from './wizard-fill';

const catalog = JSON.parse(readFileSync('schemas/catalog.json', 'utf8')) as {
  offers: { sku: string; plans: { sku: string }[]; productSkus: string[] }[];
};
const STANDARD = catalog.offers.find((offer) => offer.sku === 'STANDARD_PACKAGE');
if (!STANDARD?.plans[0]) throw new Error('schemas/catalog.json has no STANDARD_PACKAGE plan');

/** A text of the locales with its {{values}} filled in, as the page shows it. */
function text(
  language: Language,
  namespace: Parameters<typeof rawText>[1],
  key: string,
  values: Record<string, string> = {},
): string {
  return rawText(language, namespace, key).replace(
    /\{\{(\w+)\}\}/g,
    (_match, name: string) => values[name] ?? '',
  );
}

const yesterday = () => isoDate(new Date(Date.now() - 86_400_000));

/** The account's id, which names its company file (`sub` of its access token). */
function accountIdOf(account: Account): string {
  const payload = JSON.parse(
    Buffer.from(account.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as { sub: string };
  return payload.sub;
}

/** An API call as the holder of the account's access token, which must succeed. */
async function api(
  request: APIRequestContext,
  account: Account,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
) {
  const response = await request[method](path, {
    headers: bearer(account.accessToken),
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as unknown;
}

/**
 * A founder with a submitted file of `form` and the standard package, set up through the API (the
 * wizard, the order page and the payment page have their own tests).
 */
async function founderWithPaidFile(page: Page, language: Language, form: LegalFormId): Promise<Account> {
  const founder = await createAccount(page.request, language, 'Camille');
  await submittedFile(page.request, founder.accessToken, completeCompanyFile(2, yesterday(), form));
  await paidThroughApi(
    page.request,
    founder.accessToken,
    STANDARD?.sku ?? '',
    STANDARD?.plans[0]?.sku ?? '',
    language,
  );
  return founder;
}

/** A second browser, in `language`, with an account of its own. */
async function coFounderBrowser(browser: Browser, language: Language) {
  const context = await browser.newContext({ locale: language === 'en' ? 'en-GB' : 'ro-RO' });
  await useLanguage(context, language);
  const page = await context.newPage();
  const account = await createAccount(page.request, language, 'Alex');
  return { context, page, account };
}

/** The six-digit code of the newest signing mail to `email` after the `before` ones already there. */
async function mailedCode(email: string, before: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const codes = (await mailsTo(email)).flatMap((mail) => /^(\d{6})\r?$/m.exec(mail)?.[1] ?? []);
        code = codes.length > before ? (codes.at(-1) ?? '') : '';
        return code;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

const codesSoFar = async (email: string) =>
  (await mailsTo(email)).filter((mail) => /^\d{6}\r?$/m.test(mail)).length;

const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** On /sign/<fileId>: reads every document offered to the end, ticks the box, and signs with the mailed code. */
async function signWhatIsOpen(page: Page, language: Language, email: string) {
  const t = (key: string, values?: Record<string, string>) => text(language, 'signing', key, values);
  const panel = page.getByRole('region', { name: t('sign.title') });
  await expect(panel.getByRole('button', { name: t('sign.button'), exact: true })).toBeVisible();
  // Each document says whether it was read to its end, from the start; its text (and its end marker)
  // arrives on its own: every marker is waited for before they are scrolled to.
  const readState = panel.getByRole('status').filter({
    hasText: new RegExp(`^(${escaped(t('sign.endNotReached'))}|${escaped(t('sign.endReached'))})$`),
  });
  await expect(readState.first()).toBeVisible();
  const markers = panel.locator('[data-end-marker]');
  await expect(markers).toHaveCount(await readState.count());
  for (let index = 0; index < (await markers.count()); index += 1)
    await markers.nth(index).scrollIntoViewIfNeeded();
  await expect(panel.getByText(t('sign.endNotReached'))).toHaveCount(0);
  await panel.getByRole('checkbox', { name: text(language, 'legal-acts', 'consent.readInFull') }).check();
  const before = await codesSoFar(email);
  await panel.getByRole('button', { name: t('sign.sendCode') }).click();
  const code = await mailedCode(email, before);
  await panel
    .getByRole('textbox', { name: new RegExp(t('sign.codeLabel').replace(/[()]/g, '\\$&')) })
    .fill(code);
  await panel.getByRole('button', { name: t('sign.button'), exact: true }).click();
  // Signed: nothing is left to sign for now (the panel may give way to the completed round).
  await expect(page.getByRole('button', { name: t('sign.button'), exact: true })).toHaveCount(0);
}

test.describe.configure({ timeout: 300_000 });

test('a French SAS: the founder invites, the co-founder completes and approves, both sign, pdfsig validates the statuts @desktop-only', async ({
  page,
  context,
  browser,
}, testInfo) => {
  await useLanguage(context, 'fr');
  const fr = (namespace: Parameters<typeof rawText>[1], key: string, values?: Record<string, string>) =>
    text('fr', namespace, key, values);
  const en = (namespace: Parameters<typeof rawText>[1], key: string, values?: Record<string, string>) =>
    text('en', namespace, key, values);
  const founder = await founderWithPaidFile(page, 'fr', 'FR-SAS');
  const fileId = accountIdOf(founder);
  const alex = await coFounderBrowser(browser, 'en');

  // The founder invites the second associate, in English.
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: fr('cofounders', 'team.title') })).toBeVisible();
  await page
    .getByRole('button', { name: fr('cofounders', 'actions.inviteNamed', { name: 'Alex Subscriber2' }) })
    .click();
  const invite = page.getByRole('dialog');
  await invite.getByLabel(fr('cofounders', 'invite.fields.email')).fill(alex.account.email);
  await invite
    .getByRole('combobox', { name: fr('cofounders', 'invite.fields.language') })
    .selectOption({ label: 'English' });
  await invite.getByRole('button', { name: fr('cofounders', 'invite.submit') }).click();
  await expect(
    page.getByText(fr('cofounders', 'member.invited', { email: alex.account.email })),
  ).toBeVisible();

  // The co-founder follows the e-mail's link, joins, corrects their address and approves the file.
  const link = await lastMailedLink(alex.account.email, '/invitations/');
  await alex.page.goto(new URL(link).pathname);
  await alex.page.getByRole('button', { name: en('cofounders', 'invitation.join') }).click();
  await expect(alex.page).toHaveURL(new RegExp(`/shared/${fileId}$`));
  const address = alex.page.getByRole('textbox', { name: en('wizard', 'fields.person.address.title') });
  await address.fill('7 Baker Street, 75003 Paris, France');
  await alex.page.getByRole('button', { name: en('cofounders', 'record.save') }).click();
  await expect(alex.page.getByText(en('cofounders', 'record.saved'))).toBeVisible();
  await alex.page.getByRole('button', { name: en('cofounders', 'acts.give.approveFile') }).click();
  await expect(alex.page.getByText(en('cofounders', 'acts.recorded'))).toBeVisible();
  await keepScreenshot(alex.page, { path: testInfo.outputPath('shared-file-en.png'), fullPage: true });

  // The founder sees it, and gives their own acts (président and associate).
  await page.reload();
  await expect(page.getByText(fr('cofounders', 'states.joined')).first()).toBeVisible();
  for (const act of ['acceptAppointment', 'honourStatement', 'approveFile']) {
    await page.getByRole('button', { name: fr('cofounders', `acts.give.${act}`) }).click();
    await expect(page.getByRole('button', { name: fr('cofounders', `acts.give.${act}`) })).toHaveCount(0);
  }
  await keepScreenshot(page, { path: testInfo.outputPath('team-fr.png'), fullPage: true });

  // Everything is in: the founder prepares the documents and signs the statuts and the declaration.
  await page.goto(`/sign/${fileId}`);
  await expect(page.getByText(fr('signing', 'readiness.ready'))).toBeVisible();
  await page.getByRole('button', { name: fr('signing', 'readiness.start') }).click();
  await signWhatIsOpen(page, 'fr', founder.email);

  // The co-founder signs the statuts, reading them beside their English translation.
  await alex.page.goto(`/sign/${fileId}`);
  await expect(alex.page.getByText(en('signing', 'sign.translation', { language: 'English' }))).toBeVisible();
  await keepScreenshot(alex.page, { path: testInfo.outputPath('sign-en.png'), fullPage: true });
  await signWhatIsOpen(alex.page, 'en', alex.account.email);
  await expect(alex.page.getByText(en('signing', 'sign.allSigned'))).toBeVisible();

  // The statuts are sealed: the founder's beneficial-owner document opens; once signed, all is.
  await page.reload();
  await signWhatIsOpen(page, 'fr', founder.email);
  await expect(page.getByRole('alert', { name: fr('signing', 'complete.title') })).toBeVisible();
  await keepScreenshot(page, { path: testInfo.outputPath('signed-fr.png'), fullPage: true });

  const statutsTitle = (await page.getByRole('heading', { level: 3 }).allTextContents()).find((title) =>
    title.startsWith('Statuts'),
  );
  expect(statutsTitle).toBeTruthy();
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('button', { name: fr('signing', 'round.downloadSignedOf', { document: statutsTitle ?? '' }) })
    .click();
  const signed = testInfo.outputPath('statuts-signes.pdf');
  await (await downloading).saveAs(signed);
  const report = execFileSync('pdfsig', ['-nocert', signed], { encoding: 'utf8' });
  expect(report).toContain('Signature is Valid.');
  expect(report).toContain('Total document signed');
  await alex.context.close();
});

test('a Romanian SRL reaches the path of qualified signatures @desktop-only', async ({
  page,
  context,
  browser,
}) => {
  await useLanguage(context, 'ro');
  const ro = (namespace: Parameters<typeof rawText>[1], key: string, values?: Record<string, string>) =>
    text('ro', namespace, key, values);
  const founder = await founderWithPaidFile(page, 'ro', 'RO-SRL');
  const fileId = accountIdOf(founder);

  // The second associate joins and approves through the API (the French test covers those pages).
  const alex = await coFounderBrowser(browser, 'ro');
  await api(page.request, founder, 'post', '/api/company-file/members', {
    personId: 'p2',
    email: alex.account.email,
    language: 'ro',
  });
  const token = new URL(await lastMailedLink(alex.account.email, '/invitations/')).pathname.split('/').pop();
  await api(alex.page.request, alex.account, 'post', `/api/invitations/${token}/accept`);
  const acts = (await api(alex.page.request, alex.account, 'get', `/api/company-files/${fileId}/acts`)) as {
    digest: string;
  };
  await api(alex.page.request, alex.account, 'post', `/api/company-files/${fileId}/acts`, {
    personId: 'p2',
    act: 'approveFile',
    digest: acts.digest,
    language: 'ro',
  });
  for (const act of ['acceptAppointment', 'honourStatement', 'approveFile'])
    await api(page.request, founder, 'post', `/api/company-files/${fileId}/acts`, {
      personId: 'p1',
      act,
      digest: acts.digest,
      language: 'ro',
    });
  await alex.context.close();

  await page.goto(`/sign/${fileId}`);
  await page.getByRole('button', { name: ro('signing', 'readiness.start') }).click();
  await expect(page.getByRole('alert', { name: ro('signing', 'qualified.title') })).toBeVisible();
  await expect(page.getByText(ro('signing', 'qualified.noCode'))).toBeVisible();
  // Signed outside Kreo, no document waits for another.
  await expect(page.getByText(ro('signing', 'round.rank2'))).toHaveCount(0);
  await expect(page.getByRole('button', { name: ro('signing', 'sign.button'), exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: ro('signing', 'round.download') }).first()).toBeVisible();
  // Each prepared PDF carries an empty signature field per signatory, for their qualified certificate.
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('button', { name: ro('signing', 'round.download') })
    .first()
    .click();
  const prepared = test.info().outputPath('act-constitutiv.pdf');
  await (await downloading).saveAs(prepared);
  const fields = execFileSync('pdfsig', ['-nocert', prepared], { encoding: 'utf8' });
  expect(fields.match(/The signature form field is not signed\./g)).toHaveLength(2);
  await keepScreenshot(page, { path: test.info().outputPath('qualified-ro.png'), fullPage: true });
});

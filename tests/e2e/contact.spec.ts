import { LANGUAGES } from '../../src/lib/i18n/languages';
import { useLanguage } from './fixtures';
import { text } from './locale-text';
import { expect, test, uniqueEmail } from './real-server';
import { mailsTo } from './server-data';

/** The support address of a server started without SUPPORT_EMAIL (src/shared/site-info.ts). */
const SUPPORT = 'support@kreo.example';

const field = (language: (typeof LANGUAGES)[number], key: string) =>
  new RegExp(
    `^${text(language, 'info', `contact.fields.${key}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`,
  );

for (const language of LANGUAGES) {
  test(`a founder writes to support in ${language}: stored, mailed, acknowledged in ${language} @desktop-only`, async ({
    page,
    context,
  }) => {
    await useLanguage(context, language);
    const email = uniqueEmail(`contact-${language}`);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, 'info', 'contact.title'));
    await page.getByLabel(field(language, 'name')).fill('Ana Popescu');
    await page.getByLabel(field(language, 'email')).fill(email);
    await page.getByLabel(field(language, 'subject')).fill(`Question ${language}`);
    await page
      .getByLabel(field(language, 'message'))
      .fill('Puis-je changer le capital après le paiement ? Ș ț ă î â');
    await page.getByRole('button', { name: text(language, 'info', 'contact.submit') }).click();

    const status = page.getByRole('status').filter({ hasText: text(language, 'info', 'contact.sentTitle') });
    await expect(status).toBeVisible();
    const reference = /C-[0-9A-F]{8}/.exec((await status.textContent()) ?? '')?.[0];
    expect(reference).toBeDefined();

    // The acknowledgement, in the sender's language, without their words; the support team's copy has them and answers them.
    await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
    const [acknowledgement = ''] = await mailsTo(email);
    expect(acknowledgement).toContain(`${reference}`);
    expect(acknowledgement).toContain(text(language, 'emails', 'contactAcknowledgement.next'));
    // The two mails leave one after the other: wait for the copy as for the acknowledgement.
    const copiesOfThisMessage = async () =>
      (await mailsTo(SUPPORT)).filter((mail) => mail.includes(reference ?? '-'));
    await expect.poll(async () => (await copiesOfThisMessage()).length).toBe(1);
    const copies = await copiesOfThisMessage();
    expect(copies[0]).toContain('Ș ț ă î â');
    expect(copies[0]).toMatch(new RegExp(`^Reply-To: ${email.replace(/\./g, '\\.')}$`, 'm'));
  });
}

test('a bot filling the hidden field is refused, and nothing is mailed @desktop-only', async ({
  page,
  context,
}) => {
  await useLanguage(context, 'en');
  const email = uniqueEmail('bot');
  await page.goto('/contact');
  await page.getByLabel(field('en', 'name')).fill('Bot');
  await page.getByLabel(field('en', 'email')).fill(email);
  await page.getByLabel(field('en', 'subject')).fill('Cheap offers');
  await page.getByLabel(field('en', 'message')).fill('Buy our cheap offers today, click here!');
  // People never see the field; a bot reading the HTML fills it.
  await page.locator('#contact-website').fill('https://spam.example', { force: true });
  await page.getByRole('button', { name: text('en', 'info', 'contact.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(text('en', 'info', 'contact.errors.spam'));
  // What was typed stays.
  await expect(page.getByLabel(field('en', 'subject'))).toHaveValue('Cheap offers');
  expect(await mailsTo(email)).toEqual([]);
});

test.describe('without JavaScript @desktop-only', () => {
  // Without the app, the server picks the language from the browser's Accept-Language.
  test.use({ javaScriptEnabled: false, locale: 'fr-FR' });

  // The page also carries the app's prerendered form, hidden without scripts: fields are found by role,
  // which only sees what is shown.
  test('the contact form works: errors keep what was typed, then the message is sent', async ({ page }) => {
    const email = uniqueEmail('nojs');
    await page.goto('/contact');
    await page.getByRole('textbox', { name: text('fr', 'info', 'contact.fields.name') }).fill('Luc');
    await page.getByRole('textbox', { name: text('fr', 'info', 'contact.fields.email') }).fill(email);
    await page
      .getByRole('textbox', { name: text('fr', 'info', 'contact.fields.subject') })
      .fill('Sans script');
    await page.getByRole('textbox', { name: text('fr', 'info', 'contact.fields.message') }).fill('Court');
    // The browser's own check would stop a too-short message only with minlength; the server answers it.
    await page.getByRole('button', { name: text('fr', 'info', 'contact.submit') }).click();
    await expect(page.getByText('Au moins 10 caractères', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('textbox', { name: text('fr', 'info', 'contact.fields.subject') }),
    ).toHaveValue('Sans script');
    await page
      .getByRole('textbox', { name: text('fr', 'info', 'contact.fields.message') })
      .fill('Un message assez long pour partir.');
    await page.getByRole('button', { name: text('fr', 'info', 'contact.submit') }).click();
    await expect(page).toHaveURL(/\/contact\?sent=C-[0-9A-F]{8}$/);
    await expect(page.getByRole('status')).toContainText(text('fr', 'info', 'contact.sentTitle'));
    await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
  });

  test('the legal pages are readable', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('fr', 'info', 'meta.privacy.title'),
    );
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  });
});

/**
 * The promotional website of the 50 € package, end to end against the real server: a founder who
 * bought it builds a site, uploads a logo and publishes it; a visitor opens /sites/<slug> and writes
 * through its contact form (no JavaScript needed); the founder sees the message and it is in the
 * outbox. A founder without the package builds and previews, but neither the page nor the API lets
 * them publish or upload a logo. In each language.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Language } from '../../src/lib/i18n/languages';
import { useLanguage } from './fixtures';
import { text } from './locale-text';
import { createAccount, expect, test } from './real-server';
import { paidThroughApi } from './payment-page';
import { mailsTo } from './server-data';

const LANGUAGES: Language[] = ['fr', 'en', 'ro'];

const SITES: Record<
  Language,
  { name: string; tagline: string; about: string; visitor: string; message: string }
> = {
  fr: {
    name: 'Boulangerie Dupont',
    tagline: 'Du pain au levain, cuit chaque matin',
    about: 'Nous faisons notre pain nous-mêmes, avec des farines de la région.',
    visitor: 'Émilie Martin',
    message: 'Bonjour, faites-vous des gâteaux sur commande pour samedi ?',
  },
  en: {
    name: 'Dupont Bakery',
    tagline: 'Sourdough bread, baked every morning',
    about: 'We bake our own bread every morning, with flour from local mills.',
    visitor: 'Emily Martin',
    message: 'Hello, do you bake cakes to order for Saturday?',
  },
  ro: {
    name: 'Brutăria Ștefănescu',
    tagline: 'Pâine cu maia, coaptă în fiecare dimineață',
    about: 'Ne coacem singuri pâinea în fiecare dimineață, cu făină de la morile din zonă.',
    visitor: 'Ioana Țurcanu',
    message: 'Bună ziua, faceți torturi la comandă pentru sâmbătă?',
  },
};

/** Opens the builder, logged in by the sign-up's refresh cookie. */
async function openBuilder(page: Page, language: Language) {
  await page.goto('/create-your-website');
  await expect(
    page.getByRole('heading', { level: 1, name: text(language, 'website', 'page.title') }),
  ).toBeVisible();
}

/** Matches a text inside an attribute or a page, whatever characters it holds. */
const containing = (words: string) => new RegExp(words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const logoPng = () =>
  sharp({ create: { width: 480, height: 240, channels: 4, background: '#0f766e' } })
    .png()
    .toBuffer();

for (const language of LANGUAGES) {
  const t = (key: string) => text(language, 'website', key);
  const site = SITES[language];

  test(`a founder with the 50 € package builds, publishes and hears from a visitor (${language}) @desktop-only`, async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    await useLanguage(context, language);
    // The 50 € package, bought before the builder opens (the order and payment pages have their own tests).
    const founder = await createAccount(page.request, language, 'Camille');
    await paidThroughApi(
      page.request,
      founder.accessToken,
      'PREMIUM_PACKAGE',
      'PREMIUM_PACKAGE_ONE_TIME',
      language,
    );
    await openBuilder(page, language);
    await expect(page.getByRole('button', { name: t('publish.publish') })).toBeVisible();

    const siteEmail = `site.${language}.${Date.now()}@example.com`;
    await page.getByLabel(t('fields.siteName.title'), { exact: false }).first().fill(site.name);
    await page.getByLabel(t('fields.email.title'), { exact: false }).first().fill(siteEmail);
    await page.getByLabel(t('fields.phone.title'), { exact: false }).first().fill('+40 721 234 567');
    await page.getByLabel(t('fields.tagline.title'), { exact: false }).first().fill(site.tagline);
    await page.getByLabel(t('fields.about.title'), { exact: false }).first().fill(site.about);
    // No company file here: the legal notice's company details are typed (a file fills them in).
    await page
      .getByLabel(t('fields.address.title'), { exact: false })
      .first()
      .fill('12 rue des Lilas, 75011 Paris');
    await page.getByLabel(t('fields.legalForm.title'), { exact: false }).first().fill('SAS');
    await page.getByLabel(t('fields.shareCapital.title'), { exact: false }).first().fill('1000');

    // The preview is the published page itself: the tagline shows in it as typed.
    // The frame shows exactly its srcdoc. (Whether Chromium has painted a sandboxed, out-of-process
    // frame at a given instant is not something to wait on: its layout lags on a busy machine.)
    await expect(page.locator('iframe[title]').first()).toHaveAttribute('srcdoc', containing(site.tagline));

    await page.getByTestId('website-logo-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await logoPng(),
    });
    await expect(page.getByText(t('logo.uploaded'))).toBeVisible();
    await expect(page.getByText(t('save.saved')).first()).toBeVisible();

    const slug = `site-${language}-${Date.now().toString(36)}`;
    const slugField = page.getByLabel(t('slug.label'), { exact: false }).first();
    await slugField.fill(slug);
    await expect(page.getByText(t('slug.available'))).toBeVisible();
    await page.getByRole('button', { name: t('publish.publish') }).click();
    await expect(page.getByText(t('publish.publishedNow'))).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`/sites/${slug}`) })).toBeVisible();

    // An anonymous visitor, without JavaScript: the page is plain HTML and its form a plain post.
    const visitorContext = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
    const visitor = await visitorContext.newPage();
    const response = await visitor.goto(`/sites/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1, name: site.name })).toBeVisible();
    await expect(visitor.getByText(site.tagline)).toBeVisible();
    const logo = visitor.locator('header img').first();
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await visitor.getByLabel(text(language, 'site', 'form.name')).fill(site.visitor);
    await visitor.getByLabel(text(language, 'site', 'form.email')).fill('visitor@example.com');
    await visitor.getByLabel(text(language, 'site', 'form.message')).fill(site.message);
    await visitor.getByRole('button', { name: text(language, 'site', 'form.send') }).click();
    await expect(
      visitor.getByRole('heading', { name: text(language, 'site', 'thanks.title') }),
    ).toBeVisible();
    await visitorContext.close();

    // The founder sees it, unread, and it was mailed to the site's address with the visitor to reply to.
    await page.reload();
    await expect(page.getByText(site.visitor).first()).toBeVisible();
    await expect(page.getByText(t('messages.new')).first()).toBeVisible();
    await expect
      .poll(async () => (await mailsTo(siteEmail)).join('\n'), { timeout: 30_000 })
      .toContain(site.message);
    expect((await mailsTo(siteEmail)).at(-1)).toMatch(/^Reply-To: visitor@example\.com/m);
  });

  test(`a founder without the package builds and previews but cannot publish nor upload a logo, nor can the API (${language}) @desktop-only`, async ({
    page,
    context,
  }) => {
    await useLanguage(context, language);
    const { accessToken: token } = await createAccount(page.request, language, 'Andrei');
    await openBuilder(page, language);
    await expect(page.getByText(t('publish.lockedTitle'))).toBeVisible();
    await expect(page.getByRole('link', { name: t('publish.seePlans') })).toHaveAttribute('href', /\/plans$/);
    await expect(page.getByRole('button', { name: t('publish.publish') })).toHaveCount(0);
    // The builder and its preview still work.
    await page.getByLabel(t('fields.tagline.title'), { exact: false }).first().fill(site.tagline);
    await expect(page.locator('iframe[title]').first()).toHaveAttribute('srcdoc', containing(site.tagline));
    // A logo comes with the website: no upload is offered, and the API refuses one before reading it.
    await expect(page.getByText(t('logo.locked'))).toBeVisible();
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
    const logo = await page.request.post('/api/website/logo', {
      headers: {
        Authorization: `Bearer ${token}`,
        'accept-language': language,
        'content-type': 'application/octet-stream',
      },
      data: await logoPng(),
    });
    expect(logo.status()).toBe(403);
    expect(await logo.json()).toMatchObject({
      code: 'WEBSITE_NOT_INCLUDED',
      message: text(language, 'website', 'errors.LOGO_NOT_INCLUDED'),
    });

    const refused = await page.request.post('/api/website/publish', {
      headers: { Authorization: `Bearer ${token}`, 'accept-language': language },
      data: { slug: `sans-forfait-${language}-${Date.now().toString(36)}` },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('WEBSITE_NOT_INCLUDED');
  });
}

/**
 * The promotional website of the 50 € package, end to end against the real server (issue 38). In each
 * language, a founder whose company file is submitted opens the builder and finds it filled in from the
 * file and the account, writes the texts, adds a second language (its texts marked "to translate"), a
 * logo and photos described in each language of the site, tries each template, and publishes once the
 * photos are all described; an anonymous visitor without JavaScript sees the gallery and writes through
 * the contact form, and the founder hears of it. The law of the company's country decides what the
 * legal notice needs: a French company being registered publishes without any CUI asked, a Romanian one
 * with the "being registered" mention too (en), and a Romanian one without it only once it gives its
 * trade register number and CUI (ro). A founder without the package builds and previews, but neither
 * the page nor the API lets them publish or upload a logo.
 */
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Language } from '../../src/lib/i18n/languages';
import { escapeText } from '../../src/shared/site-page';
import { WEBSITE_TEMPLATES, type WebsiteTemplate } from '../../src/shared/website';
import { completeCompanyFile, type LegalFormId } from '../fixtures/company-file';
import { expectNoViolations, isAxeTurn } from './axe';
import { E2E_DOMAIN_TARGET, E2E_TARGET_ADDRESSES } from './domain-target';
import { keepScreenshot, useLanguage } from './fixtures';
import { text } from './locale-text';
import { createAccount, expect, test } from './real-server';
import { paidThroughApi } from './payment-page';
import { mailsTo } from './server-data';
import { pastFifteenth, submittedFile } from './wizard-fill';

const LANGUAGES: Language[] = ['fr', 'en', 'ro'];

interface Journey {
  /** The company of the submitted file. */
  form: LegalFormId;
  /** The file's company name, when not the fixture's. */
  companyName?: string;
  /** What the builder finds from the file: the legal form as the notice prints it, and the capital. */
  legalForm: string;
  shareCapital: number;
  /** The registered office of completeCompanyFile. */
  address: string;
  /** The language the founder adds to the site. */
  second: Language;
  /** The template the site is published in (the founder tries the two others first). */
  template: WebsiteTemplate;
  /** A Romanian company that is registered: the numbers its notice needs, asked for when publishing. */
  numbers?: { registrationNumber: string; taxId: string };
  tagline: string;
  about: string;
  photos: [string, string];
  /** The photos' descriptions in the second language. */
  secondPhotos: [string, string];
  visitor: string;
  message: string;
}

const PARIS = '12 rue de la Paix, 75002 Paris, France';
const CLUJ = 'Strada Florilor 3, 400000 Cluj-Napoca, România';

const JOURNEYS: Record<Language, Journey> = {
  fr: {
    form: 'FR-SAS',
    legalForm: 'SAS',
    shareCapital: 500,
    address: PARIS,
    second: 'en',
    template: 'shop',
    tagline: 'Du pain au levain, cuit chaque matin',
    about: 'Nous faisons notre pain nous-mêmes, avec des farines de la région.',
    photos: ['La vitrine de la boulangerie, pleine de pains dorés', 'Une baguette coupée sur une planche'],
    secondPhotos: ["The bakery's window, full of golden loaves", 'A baguette sliced on a board'],
    visitor: 'Émilie Martin',
    message: 'Bonjour, faites-vous des gâteaux sur commande pour samedi ?',
  },
  en: {
    form: 'RO-SRL_SOLE',
    companyName: 'Dumitrescu Bakery',
    legalForm: 'SRL',
    shareCapital: 500,
    address: CLUJ,
    second: 'ro',
    template: 'craft',
    tagline: 'Sourdough bread, baked every morning',
    about: 'We bake our own bread every morning, with flour from local mills.',
    photos: ['The shop front with golden loaves in the window', 'A sliced loaf of rye bread on a board'],
    secondPhotos: ['Vitrina brutăriei, cu pâini aurii', 'O pâine de secară feliată pe un tocător'],
    visitor: 'Emily Martin',
    message: 'Hello, do you bake cakes to order for Saturday?',
  },
  ro: {
    form: 'RO-SRL',
    legalForm: 'SRL',
    shareCapital: 1000,
    address: CLUJ,
    second: 'fr',
    template: 'services',
    numbers: { registrationNumber: 'J12/3456/2026', taxId: 'RO45123458' },
    tagline: 'Pâine cu maia, coaptă în fiecare dimineață',
    about: 'Ne coacem singuri pâinea în fiecare dimineață, cu făină de la morile din zonă.',
    photos: ['Vitrina brutăriei, plină de pâini aurii', 'Cozonac feliat pe o masă de lemn'],
    secondPhotos: ['La vitrine de la boulangerie, pleine de pains dorés', 'Un cozonac tranché sur une table'],
    visitor: 'Ioana Țurcanu',
    message: 'Bună ziua, faceți torturi la comandă pentru sâmbătă?',
  },
};

/** The file's company name (completeCompanyFile's unless the journey names another). */
const companyNameOf = (journey: Journey) =>
  journey.companyName ?? (journey.form.startsWith('RO') ? 'Brutăria Dumitrescu' : 'Boulangerie Dupont');

/** A translation with its {{placeholders}} filled in. */
function filled(words: string, values: Record<string, string | number>): string {
  return words.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}

/** Opens the builder, logged in by the sign-up's refresh cookie. */
async function openBuilder(page: Page, language: Language) {
  await page.goto('/create-your-website');
  await expect(
    page.getByRole('heading', { level: 1, name: text(language, 'website', 'page.title') }),
  ).toBeVisible();
}

/** Matches a text inside an attribute or a page, whatever characters it holds. */
const containing = (words: string) => new RegExp(words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** The same, as a rendered page writes it (its HTML escapes quotes and ampersands). */
const inHtml = (words: string) => containing(escapeText(words));

/**
 * The template a rendered page is in, read from its stylesheet: each template adds its own rules to
 * the common ones (TEMPLATE_STYLES in src/shared/site-page.ts), and the page carries no other mark.
 */
function templateOf(html: string | null): WebsiteTemplate {
  if (html?.includes('h2{text-align:center}')) return 'shop';
  if (html?.includes('font-family:Georgia')) return 'craft';
  return 'services';
}

const logoPng = () =>
  sharp({ create: { width: 480, height: 240, channels: 4, background: '#0f766e' } })
    .png()
    .toBuffer();

/** Two photos as a phone or a scanner gives them: a wide JPEG and a square PNG. */
const photoFiles = async () => [
  {
    name: 'vitrine.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b45309' } })
      .jpeg()
      .toBuffer(),
  },
  {
    name: 'pain.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 640, height: 640, channels: 3, background: '#78350f' } })
      .png()
      .toBuffer(),
  },
];

/**
 * A gallery photo as a visitor's browser shows it: described, loaded, offered in several widths and
 * taken as WebP where the browser reads it.
 */
async function expectServedPhoto(photo: Locator) {
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
    .toBeGreaterThan(0);
  await expect(photo).toHaveAttribute('srcset', /\bw480\.jpg 480w\b/);
  await expect(photo.locator('xpath=..')).toHaveJSProperty('tagName', 'PICTURE');
  await expect(photo.locator('xpath=../source[@type="image/webp"]')).toHaveAttribute('srcset', /\.webp \d+w/);
  expect(await photo.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\.webp$/);
}

for (const language of LANGUAGES) {
  const t = (key: string) => text(language, 'website', key);
  const journey = JOURNEYS[language];
  const companyName = companyNameOf(journey);
  const romanianNumbers = journey.numbers;

  test(`a founder with a submitted file finds the builder filled in, adds described photos, tries each template, publishes, and a visitor without JavaScript sees the gallery and writes (${language}) @desktop-only`, async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    // Two publishes, and photos re-encoded in several widths: 10 to 14 s on a quiet 2-core machine.
    test.setTimeout(120_000);
    await useLanguage(context, language);
    // The file submitted and the 50 € package bought before the builder opens (the wizard, the order
    // and payment pages have their own tests).
    const founder = await createAccount(page.request, language, 'Camille');
    await submittedFile(page.request, founder.accessToken, {
      ...completeCompanyFile(2, pastFifteenth(), journey.form),
      companyName,
    });
    await paidThroughApi(
      page.request,
      founder.accessToken,
      'PREMIUM_PACKAGE',
      'PREMIUM_PACKAGE_ONE_TIME',
      language,
    );
    await openBuilder(page, language);
    await expect(page.getByRole('button', { name: t('publish.publish') })).toBeVisible();

    // Filled in from the file and the account, as the founder reads it.
    const field = (key: string) => page.getByLabel(t(`fields.${key}.title`), { exact: false }).first();
    await expect(field('siteName')).toHaveValue(companyName);
    await expect(field('email')).toHaveValue(founder.email);
    await expect(field('address')).toHaveValue(journey.address);
    await expect(field('legalForm')).toHaveValue(journey.legalForm);
    await expect(field('shareCapital')).toHaveValue(String(journey.shareCapital));
    const pending = page.getByRole('checkbox', { name: t('fields.registrationPending.title') });
    await expect(pending).toBeChecked();
    // French law names a director of publication: the file's president, not the account's holder.
    if (journey.form.startsWith('FR'))
      await expect(field('publicationDirector')).toHaveValue('Camille Dupont');
    // The preview's legal notice says the company is being registered, in the site's language.
    const preview = page.getByTestId('website-preview');
    await expect(preview).toHaveAttribute('srcdoc', inHtml(text(language, 'site', 'legal.pending')));
    await expect(preview).toHaveAttribute('srcdoc', inHtml(companyName));

    await field('phone').fill('+40 721 234 567');
    await page.getByLabel(t('fields.tagline.title'), { exact: false }).first().fill(journey.tagline);
    await page.getByLabel(t('fields.about.title'), { exact: false }).first().fill(journey.about);
    await expect(preview).toHaveAttribute('srcdoc', inHtml(journey.tagline));

    // A second language: its texts start from the first one's, marked "to translate".
    await page.getByRole('checkbox', { name: t(`languages.${journey.second}`), exact: true }).check();
    await page.getByTestId(`website-texts-tab-${journey.second}`).click();
    await page.getByTestId(`website-copy-texts-${journey.second}`).getByRole('button').click();
    await expect(page.getByTestId(`website-untranslated-${journey.second}`)).toBeVisible();

    await page.getByTestId('website-logo-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await logoPng(),
    });
    await expect(page.getByText(t('logo.uploaded'))).toBeVisible();

    // Two photos at once, each described in both languages of the site but the second's second one.
    await page.getByTestId('website-photo-input').setInputFiles(await photoFiles());
    await expect(page.getByTestId('website-photo-2')).toBeVisible();
    const languageInText = (code: Language) => t(`publish.languageInText.${code}`);
    const altLabel = (number: number, code: Language) =>
      filled(t('photos.alt'), { number, language: languageInText(code) });
    const alt = (number: number, code: Language) => page.getByLabel(altLabel(number, code), { exact: true });
    await alt(1, language).fill(journey.photos[0]);
    await alt(1, journey.second).fill(journey.secondPhotos[0]);
    await alt(2, language).fill(journey.photos[1]);
    await expect(preview).toHaveAttribute('srcdoc', inHtml(journey.photos[1]));

    // Each template in turn; the preview follows, and keeps the texts and photos.
    const others = WEBSITE_TEMPLATES.filter((template) => template !== journey.template);
    for (const template of [...others, journey.template]) {
      const card = page.getByTestId(`website-template-${template}`);
      await card.click();
      await expect(card).toHaveAttribute('aria-checked', 'true');
      await expect.poll(async () => templateOf(await preview.getAttribute('srcdoc'))).toBe(template);
    }
    for (const words of [journey.tagline, journey.about, journey.photos[0], journey.photos[1]])
      await expect(preview).toHaveAttribute('srcdoc', inHtml(words));

    // The law of the company's country: a French company never gives a CUI; a Romanian one gives it
    // with its trade register number once it is no longer being registered.
    const cui = page.getByRole('textbox', { name: /CUI/ });
    if (romanianNumbers) {
      await pending.uncheck();
      await expect(cui).toBeVisible();
    } else {
      await expect(cui).toHaveCount(0);
    }

    const slug = `site-${language}-${Date.now().toString(36)}`;
    await page.getByLabel(t('slug.label'), { exact: false }).first().fill(slug);
    await expect(page.getByText(t('slug.available'))).toBeVisible();
    const publishButton = page.getByRole('button', { name: t('publish.publish') });
    await publishButton.click();

    // Refused: the list names each missing piece, the photo's description in the language it lacks.
    const incomplete = page.getByTestId('website-incomplete');
    await expect(incomplete).toBeVisible();
    await expect(incomplete).toContainText(t('errors.WEBSITE_INCOMPLETE'));
    const problems = incomplete.getByRole('listitem');
    await expect(problems.filter({ hasText: altLabel(2, journey.second) })).toContainText(
      filled(t('photos.altRequired'), { language: languageInText(journey.second) }),
    );
    if (romanianNumbers) {
      await expect(problems).toHaveCount(3);
      await expect(incomplete).toContainText(t('fields.registrationNumber.title'));
      await expect(incomplete).toContainText(t('fields.taxId.title'));
    } else {
      await expect(problems).toHaveCount(1);
    }
    await expect(page.getByText(t('publish.publishedNow'))).toHaveCount(0);
    await keepScreenshot(incomplete, { path: test.info().outputPath(`refused-${language}.png`) });

    await alt(2, journey.second).fill(journey.secondPhotos[1]);
    if (romanianNumbers) {
      await field('registrationNumber').fill(romanianNumbers.registrationNumber);
      await cui.fill(romanianNumbers.taxId);
    }
    await expect(page.getByTestId('website-incomplete-fixed')).toHaveText(t('publish.incompleteFixed'));
    // Publishing with texts still to translate is allowed, and said first.
    await expect(page.getByTestId(`website-publish-untranslated-${journey.second}`)).toBeVisible();
    await publishButton.click();
    await expect(page.getByText(t('publish.publishedNow'))).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`/sites/${slug}`) })).toBeVisible();
    await keepScreenshot(page, { path: test.info().outputPath(`builder-${language}.png`), fullPage: true });

    // Its own domain: the records to create, with the operator's real addresses, and a check that
    // asks DNS and says what it did not find (the verified domain's serving has its server test).
    const domainCard = page.getByRole('region', { name: t('domain.title') });
    const domain = `www.${slug}.example.fr`;
    await domainCard.getByLabel(t('domain.label'), { exact: false }).fill(domain.toUpperCase());
    await domainCard.getByRole('button', { name: t('domain.use') }).click();
    await expect(domainCard.getByText(t('domain.pending'))).toBeVisible();
    await expect(domainCard.getByRole('table', { name: t('domain.ownershipCaption') })).toContainText(
      `_kreo-site.${domain}`,
    );
    await expect(domainCard.getByRole('table', { name: t('domain.cnameCaption') })).toContainText(
      E2E_DOMAIN_TARGET,
    );
    await expect(domainCard.getByRole('table', { name: t('domain.addressCaption') })).toContainText(
      E2E_TARGET_ADDRESSES.AAAA,
    );
    await domainCard.getByRole('button', { name: t('domain.verify') }).click();
    await expect(domainCard.getByRole('status')).toHaveText(
      t('domain.problems.txtMissing').replace('{{domain}}', domain),
    );
    // The section's markup is the same in every language: axe reads it in one (isAxeTurn).
    if (isAxeTurn(0, language)) await expectNoViolations(page, '[aria-labelledby="website-domain-title"]');

    // An anonymous visitor, without JavaScript: the page is plain HTML and its form a plain post.
    const visitorContext = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
    const visitor = await visitorContext.newPage();
    const response = await visitor.goto(`/sites/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    await expect(visitor.getByText(journey.tagline)).toBeVisible();
    expect(templateOf(await visitor.content())).toBe(journey.template);
    const logo = visitor.locator('header img').first();
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const gallery = visitor.getByRole('region', { name: text(language, 'site', 'gallery') });
    for (const description of journey.photos)
      await expectServedPhoto(gallery.getByRole('img', { name: description, exact: true }));

    const notice = visitor.getByRole('region', { name: text(language, 'site', 'legal.title') });
    const labelled = (label: string, value: string) =>
      filled(text(language, 'site', 'legal.labelled'), { label: text(language, 'site', label), value });
    if (romanianNumbers) {
      await expect(notice).toContainText(labelled('legal.tradeRegister', romanianNumbers.registrationNumber));
      await expect(notice).toContainText(labelled('legal.taxId', romanianNumbers.taxId));
      await expect(notice).not.toContainText(text(language, 'site', 'legal.pending'));
    } else {
      await expect(notice).toContainText(text(language, 'site', 'legal.pending'));
      await expect(notice).not.toContainText('CUI');
    }
    await keepScreenshot(visitor, { path: test.info().outputPath(`site-${language}.png`), fullPage: true });

    await visitor.getByLabel(text(language, 'site', 'form.name')).fill(journey.visitor);
    await visitor.getByLabel(text(language, 'site', 'form.email')).fill('visitor@example.com');
    await visitor.getByLabel(text(language, 'site', 'form.message')).fill(journey.message);
    await visitor.getByRole('button', { name: text(language, 'site', 'form.send') }).click();
    await expect(
      visitor.getByRole('heading', { name: text(language, 'site', 'thanks.title') }),
    ).toBeVisible();

    // The site in its second language describes its photos in that language.
    expect((await visitor.goto(`/sites/${slug}/${journey.second}`))?.status()).toBe(200);
    const secondGallery = visitor.getByRole('region', { name: text(journey.second, 'site', 'gallery') });
    for (const description of journey.secondPhotos)
      await expect(secondGallery.getByRole('img', { name: description, exact: true })).toBeVisible();
    await visitorContext.close();

    // The founder sees it, unread, and it was mailed to the site's address (the account's, from the
    // file's pre-fill) with the visitor to reply to.
    await page.reload();
    await expect(page.getByText(journey.visitor).first()).toBeVisible();
    await expect(page.getByText(t('messages.new')).first()).toBeVisible();
    await expect
      .poll(async () => (await mailsTo(founder.email)).join('\n'), { timeout: 30_000 })
      .toContain(journey.message);
    expect((await mailsTo(founder.email)).find((mail) => mail.includes(journey.message))).toMatch(
      /^Reply-To: visitor@example\.com/m,
    );
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
    await page.getByLabel(t('fields.tagline.title'), { exact: false }).first().fill(journey.tagline);
    await expect(page.getByTestId('website-preview')).toHaveAttribute('srcdoc', inHtml(journey.tagline));
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

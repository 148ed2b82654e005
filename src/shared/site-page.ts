/**
 * The published promotional website (issue 18) as one static HTML page: no script, one inline
 * `<style>` (its text is returned apart so that the server can hash it for the Content-Security-Policy),
 * no `style=""` attribute, no request but the logo's images. Pure (no node, no DOM, no React): the
 * server renders the pages at /sites/<slug>, and the builder shows the same HTML as a live preview in a
 * sandboxed `<iframe srcdoc>`.
 *
 * Everything the owner writes goes through `escapeText` (text and attribute contexts alike).
 */
import {
  orderedSections,
  SITE_HONEYPOT_FIELD,
  SITE_LANGUAGES,
  SITE_STARTED_FIELD,
  WEBSITE_PALETTE,
  WEEK_DAYS,
  photoWidths,
  type WebsiteHours,
  type WebsiteSectionId,
  type WebsiteService,
  type WebsiteTemplate,
  type SiteCountry,
  type SiteLanguage,
  type WebsiteContent,
  type WebsiteTexts,
} from './website';

/** Every fixed word of a site page, in one language (the `site` namespace of locales/). */
export interface SiteLabels {
  /** The skip link's text, to the main content. */
  skipToContent: string;
  /** The hero's button to the contact section. */
  contactCta: string;
  about: string;
  services: string;
  team: string;
  faq: string;
  gallery: string;
  /** The map section's heading, and its link to the address on OpenStreetMap. */
  map: string;
  mapLink: string;
  contact: string;
  address: string;
  phone: string;
  email: string;
  hours: string;
  /** The form's heading and its introduction (all fields are required). */
  formTitle: string;
  formIntro: string;
  formName: string;
  formEmail: string;
  formMessage: string;
  formSend: string;
  /** Under the disabled button of the builder's preview. */
  formPreviewNote: string;
  /** The honeypot's label (read by nobody but a bot). */
  formHoneypot: string;
  /** The heading of the error summary. */
  formErrorsTitle: string;
  /** The language switch's `aria-label`. */
  languageSwitch: string;
  /** Each language's name in that language (Français, English, Română). */
  languageNames: Record<SiteLanguage, string>;
  thanksTitle: string;
  thanksText: string;
  backToSite: string;
  notFoundTitle: string;
  notFoundText: string;
  /** An address whose site closed with its owner's account (410). */
  goneTitle: string;
  goneText: string;
  /** The footer's credit ("Site créé avec Kreo"). */
  poweredBy: string;
  /** Under the form: who receives what the visitor writes, and why (GDPR, art. 13); `%SITE%` is the site's name. */
  formPrivacy: string;
  /** The legal notice's heading and its items (LCEN, art. 1-1; Legea nr. 365/2002, art. 5). */
  legalTitle: string;
  legalPublisher: string;
  legalDirector: string;
  legalHost: string;
  /** "SAS au capital de 5 000 €": `{{form}}` and `{{capital}}` stand for them. */
  legalFormCapital: string;
  /** In place of the numbers, while the company is being registered. */
  legalPending: string;
  legalRegisteredOffice: string;
  /** Romania: the label of the trade register's number (France's RCS mention says what it is). */
  legalTradeRegister: string;
  legalTaxId: string;
  legalVat: string;
  /** A labelled value ("Siège social : …", "Sediul social: …"): `{{label}}` and `{{value}}`. */
  legalLabelled: string;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The labels of one language, from a `t` bound to the `site` namespace and that language. */
export function siteLabels(t: Translate): SiteLabels {
  return {
    skipToContent: t('skipToContent'),
    contactCta: t('contactCta'),
    about: t('about'),
    services: t('services'),
    team: t('team'),
    faq: t('faq'),
    gallery: t('gallery'),
    map: t('map'),
    mapLink: t('mapLink'),
    contact: t('contact'),
    address: t('address'),
    phone: t('phone'),
    email: t('email'),
    hours: t('hours'),
    formTitle: t('form.title'),
    formIntro: t('form.intro'),
    formName: t('form.name'),
    formEmail: t('form.email'),
    formMessage: t('form.message'),
    formSend: t('form.send'),
    formPreviewNote: t('form.previewNote'),
    formHoneypot: t('form.honeypot'),
    formErrorsTitle: t('form.errorsTitle'),
    languageSwitch: t('languageSwitch'),
    languageNames: { fr: t('languageNames.fr'), en: t('languageNames.en'), ro: t('languageNames.ro') },
    thanksTitle: t('thanks.title'),
    thanksText: t('thanks.text'),
    backToSite: t('thanks.back'),
    notFoundTitle: t('notFound.title'),
    notFoundText: t('notFound.text'),
    goneTitle: t('gone.title'),
    goneText: t('gone.text'),
    poweredBy: t('poweredBy'),
    formPrivacy: t('form.privacy'),
    legalTitle: t('legal.title'),
    legalPublisher: t('legal.publisher'),
    legalDirector: t('legal.director'),
    legalHost: t('legal.host'),
    // Filled in by the renderer, which knows the values: i18next leaves unknown variables as they are.
    legalFormCapital: t('legal.formCapital', {
      form: '{{form}}',
      capital: '{{capital}}',
      interpolation: { escapeValue: false },
    }),
    legalPending: t('legal.pending'),
    legalRegisteredOffice: t('legal.registeredOffice'),
    legalTradeRegister: t('legal.tradeRegister'),
    legalTaxId: t('legal.taxId'),
    legalVat: t('legal.vat'),
    legalLabelled: t('legal.labelled', {
      label: '{{label}}',
      value: '{{value}}',
      interpolation: { escapeValue: false },
    }),
  };
}

/** Who hosts the published sites (us): the legal notice names the host (LCEN, art. 1-1). */
export interface SiteHost {
  name: string;
  address: string;
}

/** The logo's images are at `/site-logos/<id>/header.webp`, `header.png`, `icon-32.png`, `icon-180.png`, `social.png`. */
export interface SiteLogo {
  id: string;
  width: number;
  height: number;
}

export interface RenderableSite {
  slug: string;
  content: WebsiteContent;
  logo: SiteLogo | null;
}

export type SiteFormField = 'name' | 'email' | 'message';

/** What a visitor sent and what was wrong with it, to show the form again after a refused post. */
export interface SiteFormState {
  values?: Partial<Record<SiteFormField, string>>;
  errors?: Partial<Record<SiteFormField, string>>;
  /** The summary shown above the form (an alert). */
  failure?: string;
}

export interface RenderedSitePage {
  html: string;
  /** Exactly the text of the page's single `<style>` element. */
  css: string;
}

/**
 * Stands for the form's signed time stamp (the hidden `started` input) in a page rendered once and
 * served many times: the server replaces it on each request. It starts with `&` not followed by
 * `amp;`, which escaped owner text never contains, so a plain replace reaches only that input.
 */
export const STARTED_PLACEHOLDER = '&kreo-started;';

/** The form fields' length limits (the server's check and the inputs' `maxlength`). */
export const SITE_FORM_MAX_LENGTH: Record<SiteFormField, number> = { name: 100, email: 254, message: 5000 };

/**
 * The address of a site's page in one language: the first language at the site's base (/sites/<slug>,
 * or the root of its own domain, base ''), others below it.
 */
export function sitePath(
  slug: string,
  language: SiteLanguage,
  languages: readonly SiteLanguage[],
  base = `/sites/${slug}`,
): string {
  return languages[0] === language || !languages.includes(language) ? base || '/' : `${base}/${language}`;
}

/** Escapes text for HTML content and (double- or single-quoted) attribute values. */
export function escapeText(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

const lines = (text: string) => escapeText(text.trim()).replace(/\r\n?|\n/g, '<br>');

/** Paragraphs split on blank lines; a single line break stays a `<br>`. */
function paragraphs(text: string): string {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${lines(part)}</p>`)
    .join('');
}

const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z][A-Za-z0-9-]{0,61}[A-Za-z0-9]$/;
const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{5,38}$/;

/** `mailto:` for a valid address (its local part percent-encoded), else null. */
function mailtoHref(email: string): string | null {
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return null;
  const at = email.lastIndexOf('@');
  return `mailto:${encodeURIComponent(email.slice(0, at))}${email.slice(at)}`;
}

/** `tel:` with the digits only (and a leading +) for a valid number, else null. */
function telHref(phone: string): string | null {
  if (!PHONE_PATTERN.test(phone)) return null;
  return `tel:${phone.startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
}

const OG_LOCALES: Record<SiteLanguage, string> = { fr: 'fr_FR', en: 'en_GB', ro: 'ro_RO' };

type Texts = Required<WebsiteTexts>;

/** Colours of text on white; each ≥4.5:1 on white and on the palette's tints (site-page.test.ts). */
export const SITE_TEXT_COLORS = { text: '#1f2937', muted: '#4b5563', error: '#b91c1c', border: '#6b7280' };

/**
 * Each template's own rules, after the common ones (issue 38). Only the look changes: the same
 * sections, in the owner's order. Every text keeps its contrast: the palette's colours on white or
 * under white text, dark text on the tints (site-page.test.ts checks the pairs).
 * - services: the plain look, cards with a coloured edge;
 * - shop (a shop or café): a rounded hero, centred headings, services as a menu with prices aligned;
 * - craft: a white hero in the colour, serif headings, framed cards.
 */
const TEMPLATE_STYLES: Record<WebsiteTemplate, string[]> = {
  services: [],
  shop: [
    '.hero{border-radius:0 0 2rem 2rem;padding-bottom:3.5rem}',
    'h2{text-align:center}',
    'h2::after{margin:.5rem auto 0}',
    '#services .cards{grid-template-columns:1fr;max-width:42rem;margin:0 auto;gap:0}',
    '#services .cards li{display:grid;grid-template-columns:1fr auto;column-gap:1rem;border:0;border-bottom:1px dashed #9ca3af;border-radius:0;box-shadow:none;padding:1rem .25rem}',
    '#services .cards li h3{grid-column:1}',
    '#services .cards li .price{grid-column:2;grid-row:1;margin:0}',
    '#services .cards li p:not(.price){grid-column:1 / -1}',
    '.hours{margin:0 auto}',
    '#about p,#map p{margin-left:auto;margin-right:auto;text-align:center}',
  ],
  craft: [
    'h1,h2,h3{font-family:Georgia,"Times New Roman",serif;font-weight:700}',
    '.hero{background:#fff;color:var(--c);border-bottom:6px solid var(--c)}',
    '.hero a,.lang a{color:var(--c)}',
    '.hero :focus-visible{outline-color:var(--c)}',
    '.lang a[aria-current]{background:var(--c);color:#fff}',
    '.hero .btn{background:var(--c);color:#fff}',
    '.brand img{background:none;padding:0}',
    '.cards li{border:1px solid #d1d5db;border-top:4px solid var(--c);box-shadow:none}',
    'h2::after{width:100%;height:1px}',
  ],
};

function styles(color: { main: string; tint: string }, template: WebsiteTemplate = 'services'): string {
  const { text, muted, error, border } = SITE_TEXT_COLORS;
  return [
    `:root{--c:${color.main};--t:${color.tint}}`,
    '*,::before,::after{box-sizing:border-box}',
    `body{margin:0;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:${text};background:#fff;-webkit-text-size-adjust:100%;text-size-adjust:100%}`,
    '.w{max-width:66rem;margin:0 auto;padding:0 1.25rem}',
    'a{color:var(--c);text-underline-offset:.15em}',
    ':focus-visible{outline:3px solid var(--c);outline-offset:2px}',
    '.skip{position:absolute;left:1rem;top:-5rem;z-index:1;padding:.75rem 1rem;background:#fff;color:var(--c);font-weight:600}',
    '.skip:focus{top:1rem}',
    '.hero{background:var(--c);color:#fff;padding:.75rem 0 3rem}',
    '.hero a{color:#fff}',
    '.hero :focus-visible{outline-color:#fff}',
    '.bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;min-height:3.5rem}',
    '.brand{display:flex;align-items:center;gap:.75rem;font-weight:700;font-size:1.125rem}',
    '.brand img{display:block;width:auto;height:auto;max-height:3.5rem;max-width:10rem;background:#fff;border-radius:.5rem;padding:.25rem}',
    '.lang ul{display:flex;list-style:none;margin:0;padding:0;gap:.25rem}',
    '.lang a{display:flex;align-items:center;min-height:48px;min-width:48px;padding:0 .75rem;border-radius:.5rem;text-decoration:none;font-weight:600}',
    '.lang a:hover{text-decoration:underline}',
    '.lang a[aria-current]{background:#fff;color:var(--c)}',
    'h1{font-size:clamp(2rem,8vw,3.25rem);line-height:1.15;margin:2.25rem 0 .75rem;letter-spacing:-.01em;overflow-wrap:anywhere}',
    '.lead{font-size:1.25rem;margin:0 0 2rem;max-width:42rem}',
    '.btn,button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:.5rem 1.75rem;border:0;border-radius:999px;font:inherit;font-weight:700;text-decoration:none;cursor:pointer}',
    '.hero .btn{background:#fff;color:var(--c)}',
    'button,.main-btn{background:var(--c);color:#fff}',
    'button:disabled{cursor:not-allowed}',
    'section{padding:3rem 0}',
    '.tint{background:var(--t)}',
    'h2{font-size:1.75rem;line-height:1.25;margin:0 0 1.5rem}',
    'h2::after{content:"";display:block;width:3rem;height:4px;margin-top:.5rem;border-radius:2px;background:var(--c)}',
    'h3{font-size:1.25rem;margin:0 0 .5rem}',
    'p{margin:0 0 1rem;max-width:42rem}',
    '.cards{list-style:none;margin:0;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr))}',
    '.cards li{background:#fff;border-left:4px solid var(--c);border-radius:.75rem;padding:1.25rem;font-weight:600;box-shadow:0 1px 3px rgba(0,0,0,.1);overflow-wrap:anywhere}',
    '.grid{display:grid;gap:2.5rem}',
    '@media(min-width:48rem){.grid{grid-template-columns:2fr 3fr}}',
    'dl{margin:0}',
    `dt{font-size:.875rem;font-weight:700;text-transform:uppercase;letter-spacing:.05em;color:${muted}}`,
    'dd{margin:0 0 1.25rem;overflow-wrap:anywhere}',
    'dd a{display:inline-flex;align-items:center;min-height:48px}',
    '.box{border:1px solid #d1d5db;border-radius:.75rem;padding:1.5rem;background:#fff}',
    `.note{color:${muted}}`,
    'label{display:block;font-weight:600;margin:1rem 0 .25rem}',
    `input,textarea{display:block;width:100%;min-height:48px;padding:.625rem .75rem;font:inherit;color:inherit;background:#fff;border:1px solid ${border};border-radius:.5rem}`,
    'textarea{min-height:10rem;resize:vertical}',
    `[aria-invalid=true]{border:2px solid ${error}}`,
    `.err{color:${error};font-weight:600;margin:.25rem 0 0}`,
    '.box button{margin-top:1.5rem}',
    `.alert{border:2px solid ${error};border-radius:.5rem;padding:1rem;margin:0 0 1rem;background:#fff}`,
    '.alert ul{margin:0;padding-left:1.25rem}',
    '.hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}',
    `footer{border-top:1px solid #e5e7eb;padding:2rem 0;color:${muted};font-size:.9375rem}`,
    'footer p{margin:0}',
    '.legal{padding:0 0 1.5rem}',
    '.legal h2{font-size:1.125rem;margin:0 0 .75rem}',
    '.legal h2::after{display:none}',
    '.legal dd{margin:0 0 .75rem}',
    'form .note{margin:1rem 0 0;font-size:.875rem}',
    '.cards li h3{font-size:1.125rem;margin:0 0 .25rem}',
    '.cards li p{font-weight:400;margin:.25rem 0 0}',
    '.price{font-weight:700;color:var(--c)}',
    `.hours{max-width:30rem}`,
    '.hours div{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem 1rem;padding:.5rem 0;border-bottom:1px solid #d1d5db}',
    `.hours dt{text-transform:none;letter-spacing:0;font-size:1rem;color:${text}}`,
    '.hours dd{margin:0}',
    '.faq details{background:#fff;border:1px solid #d1d5db;border-radius:.75rem;padding:0 1.25rem;margin:0 0 .75rem;max-width:46rem}',
    '.faq summary{cursor:pointer;min-height:48px;padding:.75rem 0;display:list-item}',
    '.faq summary h3{display:inline;font-size:1.0625rem;margin:0}',
    '.gallery{list-style:none;margin:0;padding:0;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr))}',
    '.gallery img{display:block;width:100%;height:auto;border-radius:.75rem;background:var(--t)}',
    ...(TEMPLATE_STYLES[template] ?? []),
  ].join('');
}

function htmlDocument(parts: { language: string; head: string; body: string; css: string }): string {
  return (
    `<!doctype html><html lang="${escapeText(parts.language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">${parts.head}` +
    `<style>${parts.css}</style></head><body>${parts.body}</body></html>`
  );
}

/** The site's languages (the first is the main one), known ones only and each once. */
function languagesOf(content: WebsiteContent): SiteLanguage[] {
  return [...new Set(content.languages)].filter((language) => SITE_LANGUAGES.includes(language));
}

interface Context {
  site: RenderableSite;
  language: SiteLanguage;
  labels: SiteLabels;
  languages: SiteLanguage[];
  texts: Texts;
  origin: string;
  /** Where the site's pages are on `origin`: /sites/<slug>, or '' at its own domain. */
  base: string;
  preview: boolean;
  host: SiteHost | null;
}

function contextOf(
  site: RenderableSite,
  language: SiteLanguage,
  labels: SiteLabels,
  origin: string,
  preview: boolean,
  host: SiteHost | null = null,
  base = `/sites/${site.slug}`,
): Context {
  const given = site.content.texts[language] ?? {};
  const texts: Texts = {
    tagline: given.tagline ?? '',
    about: given.about ?? '',
    // A page published before services had prices held their names alone.
    services: (given.services ?? []).map((service) =>
      typeof service === 'string' ? { name: service } : service,
    ) as WebsiteService[],
    openingHours: given.openingHours ?? '',
    team: given.team ?? [],
    faq: given.faq ?? [],
    untranslated: given.untranslated ?? [],
  };
  return { site, language, labels, languages: languagesOf(site.content), texts, origin, base, preview, host };
}

/** A link, without its `href` in the preview (where following it would leave the page). */
function link(context: Context, href: string, attributes: string, text: string): string {
  return context.preview
    ? `<a${attributes}>${text}</a>`
    : `<a href="${escapeText(href)}"${attributes}>${text}</a>`;
}

function iconLinks(logo: SiteLogo | null): string {
  if (!logo) return '<link rel="icon" href="data:,">';
  const base = `/site-logos/${escapeText(logo.id)}`;
  return (
    `<link rel="icon" type="image/png" sizes="32x32" href="${base}/icon-32.png">` +
    `<link rel="apple-touch-icon" href="${base}/icon-180.png">`
  );
}

function head(context: Context, title: string, description: string, path: string | null): string {
  const { site, origin, base, languages, language } = context;
  const color = WEBSITE_PALETTE[site.content.color] ?? WEBSITE_PALETTE.navy;
  let html = `<title>${escapeText(title)}</title>`;
  if (description) html += `<meta name="description" content="${escapeText(description)}">`;
  html += `<meta name="theme-color" content="${color.main}">`;
  if (path !== null) {
    const url = `${origin}${path}`;
    html += `<link rel="canonical" href="${escapeText(url)}">`;
    if (languages.length > 1) {
      for (const other of languages)
        html += `<link rel="alternate" hreflang="${other}" href="${escapeText(origin + sitePath(site.slug, other, languages, base))}">`;
      html += `<link rel="alternate" hreflang="x-default" href="${escapeText(origin + sitePath(site.slug, languages[0] ?? language, languages, base))}">`;
    }
    html +=
      `<meta property="og:type" content="website">` +
      `<meta property="og:title" content="${escapeText(title)}">` +
      (description ? `<meta property="og:description" content="${escapeText(description)}">` : '') +
      `<meta property="og:url" content="${escapeText(url)}">` +
      `<meta property="og:site_name" content="${escapeText(site.content.siteName)}">` +
      `<meta property="og:locale" content="${OG_LOCALES[language]}">`;
    if (site.logo)
      html += `<meta property="og:image" content="${escapeText(`${origin}/site-logos/${site.logo.id}/social.png`)}">`;
  }
  return html + iconLinks(site.logo);
}

function languageSwitch(context: Context, path: (language: SiteLanguage) => string): string {
  const { languages, language, labels } = context;
  if (languages.length < 2) return '';
  const items = languages.map((other) => {
    const current = other === language ? ' aria-current="page"' : '';
    return `<li>${link(context, path(other), ` hreflang="${other}" lang="${other}"${current}`, escapeText(labels.languageNames[other]))}</li>`;
  });
  return `<nav class="lang" aria-label="${escapeText(labels.languageSwitch)}"><ul>${items.join('')}</ul></nav>`;
}

function brand(context: Context): string {
  const { site } = context;
  const name = escapeText(site.content.siteName);
  // Without a logo the heading below says the name: the bar keeps only the language switch.
  if (!site.logo) return '<div></div>';
  const base = `/site-logos/${escapeText(site.logo.id)}`;
  const size = `width="${Math.round(site.logo.width)}" height="${Math.round(site.logo.height)}"`;
  return (
    `<div class="brand"><picture><source srcset="${base}/header.webp" type="image/webp">` +
    `<img src="${base}/header.png" ${size} alt="${name}"></picture></div>`
  );
}

function hero(
  context: Context,
  title: string,
  lead: string,
  extra: string,
  switchPath: (language: SiteLanguage) => string,
): string {
  const { labels } = context;
  return (
    // In the preview's srcdoc even "#main" would resolve against the builder's address: no href.
    link(context, '#main', ' class="skip"', escapeText(labels.skipToContent)) +
    `<header class="hero"><div class="w"><div class="bar">${brand(context)}${languageSwitch(context, switchPath)}</div>` +
    `<h1>${title}</h1>${lead ? `<p class="lead">${lead}</p>` : ''}${extra}</div></header>`
  );
}

/** Each page language's locale, for Intl (amounts, days' names). */
const LOCALES: Record<SiteLanguage, string> = { fr: 'fr-FR', en: 'en-GB', ro: 'ro-RO' };

/** A share capital in the company's currency, as the page's language writes amounts (5 000 €, 5.000 lei). */
export function formatCapital(amount: number, country: SiteCountry, language: SiteLanguage): string {
  const fraction = Number.isInteger(amount) ? 0 : 2;
  if (country === 'RO') {
    // "lei" in every language: the currency's name in Romanian law and usage (RON is for banks).
    const number = new Intl.NumberFormat(LOCALES[language], {
      minimumFractionDigits: fraction,
      maximumFractionDigits: fraction,
    }).format(amount);
    return `${number} lei`;
  }
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(amount);
}

/**
 * The publisher's identity, line by line, as the law of the company's country asks:
 * - France (LCEN, art. 1-1, formerly art. 6, III; C. com. art. R. 123-237 for the RCS mention): name,
 *   legal form and share capital, RCS registration, registered office, phone and e-mail, VAT number
 *   when there is one;
 * - Romania (Legea nr. 365/2002, art. 5 (1)): name, registered office, phone and e-mail, the trade
 *   register's number and the fiscal code (CUI); the form and capital too (Legea nr. 31/1990, art. 74).
 * A company still being registered says so in place of its numbers.
 */
export function publisherLines(
  content: WebsiteContent,
  labels: SiteLabels,
  language: SiteLanguage,
): string[] {
  const country: SiteCountry = content.country ?? 'FR';
  const form = (content.legalForm ?? '').trim();
  const capital =
    typeof content.shareCapital === 'number' && Number.isFinite(content.shareCapital)
      ? formatCapital(content.shareCapital, country, language)
      : '';
  const labelled = (label: string, value: string) =>
    labels.legalLabelled.replace('{{label}}', () => label).replace('{{value}}', () => value);
  const result = [content.siteName.trim()];
  if (form && capital)
    result.push(
      labels.legalFormCapital.replace('{{form}}', () => form).replace('{{capital}}', () => capital),
    );
  else if (form) result.push(form);
  const number = (content.registrationNumber ?? '').trim();
  const taxId = (content.taxId ?? '').trim();
  const vat = (content.vatNumber ?? '').trim();
  if (content.registrationPending ?? true) result.push(labels.legalPending);
  else if (country === 'RO') {
    if (number) result.push(labelled(labels.legalTradeRegister, number));
    if (taxId) result.push(labelled(labels.legalTaxId, taxId));
  } else {
    if (number) result.push(number);
    if (vat) result.push(labelled(labels.legalVat, vat));
  }
  const address = content.address.trim();
  if (address) result.push(labelled(labels.legalRegisteredOffice, address));
  for (const contact of [content.phone, content.email]) if (contact.trim()) result.push(contact.trim());
  const other = (content.legalDetails ?? '').trim();
  if (other) result.push(other);
  return result.filter(Boolean);
}

/**
 * The legal notice a professional's site must show (France: LCEN, art. 1-1; Romania: Legea nr.
 * 365/2002, art. 5; both from Directive 2000/31/EC, art. 5): who publishes it (publisherLines), who
 * answers for it in France (the director of publication, whom Romanian law does not ask for), and who
 * hosts it.
 */
function legalNotice(context: Context): string {
  const { site, labels, host, language } = context;
  const { publicationDirector = '' } = site.content;
  const publisher = publisherLines(site.content, labels, language).map(lines).join('<br>');
  const item = (label: string, value: string) => `<div><dt>${escapeText(label)}</dt><dd>${value}</dd></div>`;
  let items = item(labels.legalPublisher, publisher);
  if ((site.content.country ?? 'FR') === 'FR' && publicationDirector.trim())
    items += item(labels.legalDirector, escapeText(publicationDirector.trim()));
  if (host) items += item(labels.legalHost, [host.name, host.address].map(lines).join('<br>'));
  return `<section class="legal" aria-labelledby="legal-title"><h2 id="legal-title">${escapeText(labels.legalTitle)}</h2><dl>${items}</dl></section>`;
}

function footer(context: Context): string {
  // No year: the page is prerendered at publish time and would show a stale one a year later.
  return (
    `<footer><div class="w">${legalNotice(context)}<p>© ${escapeText(context.site.content.siteName)}</p>` +
    `<p>${escapeText(context.labels.poweredBy)}</p></div></footer>`
  );
}

const FIELD_IDS: Record<SiteFormField, string> = { name: 'f-name', email: 'f-email', message: 'f-message' };

function contactForm(context: Context, form: SiteFormState, started: string): string {
  const { labels, site, language, preview } = context;
  const errors = form.errors ?? {};
  const fieldLabels: Record<SiteFormField, string> = {
    name: labels.formName,
    email: labels.formEmail,
    message: labels.formMessage,
  };
  const field = (name: SiteFormField, kind: 'text' | 'email' | 'textarea', autocomplete: string) => {
    const id = FIELD_IDS[name];
    const error = errors[name];
    const value = escapeText(form.values?.[name] ?? '');
    const aria = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
    const common = `id="${id}" name="${name}" required maxlength="${SITE_FORM_MAX_LENGTH[name]}" autocomplete="${autocomplete}"${aria}`;
    const control =
      kind === 'textarea'
        ? `<textarea ${common} rows="6">${value}</textarea>`
        : `<input type="${kind}" ${common} value="${value}">`;
    const message = error ? `<p class="err" id="${id}-error">${escapeText(error)}</p>` : '';
    return `<label for="${id}">${escapeText(fieldLabels[name])}</label>${control}${message}`;
  };
  const listed = (Object.keys(FIELD_IDS) as SiteFormField[]).filter((name) => errors[name]);
  let summary = '';
  if (form.failure || listed.length > 0) {
    const items = listed
      .map((name) => `<li>${link(context, `#${FIELD_IDS[name]}`, '', escapeText(errors[name] ?? ''))}</li>`)
      .join('');
    summary =
      `<div class="alert" role="alert" tabindex="-1"${preview ? '' : ' autofocus'}>` +
      `<h3>${escapeText(labels.formErrorsTitle)}</h3>` +
      (form.failure ? `<p>${escapeText(form.failure)}</p>` : '') +
      (items ? `<ul>${items}</ul>` : '') +
      '</div>';
  }
  return (
    `<div class="box"><h3 id="form-title">${escapeText(labels.formTitle)}</h3>` +
    `<p class="note">${escapeText(labels.formIntro)}</p>${summary}` +
    `<form method="post" action="${escapeText(context.base)}/contact" aria-labelledby="form-title">` +
    `<input type="hidden" name="lang" value="${language}">` +
    `<input type="hidden" name="${SITE_STARTED_FIELD}" value="${started}">` +
    field('name', 'text', 'name') +
    field('email', 'email', 'email') +
    field('message', 'textarea', 'off') +
    `<div class="hp" aria-hidden="true"><label for="f-${SITE_HONEYPOT_FIELD}">${escapeText(labels.formHoneypot)}</label>` +
    `<input id="f-${SITE_HONEYPOT_FIELD}" name="${SITE_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></div>` +
    `<button type="submit"${preview ? ' disabled' : ''}>${escapeText(labels.formSend)}</button>` +
    `<p class="note">${escapeText(labels.formPrivacy).replace('%SITE%', escapeText(site.content.siteName.trim()))}</p>` +
    (preview ? `<p class="note">${escapeText(labels.formPreviewNote)}</p>` : '') +
    '</form></div>'
  );
}

function contactSection(context: Context, form: SiteFormState, started: string): string {
  const { site, labels } = context;
  const { address, phone, email } = site.content;
  const details: string[] = [];
  const item = (label: string, value: string) => `<div><dt>${escapeText(label)}</dt><dd>${value}</dd></div>`;
  if (address.trim()) details.push(item(labels.address, lines(address)));
  if (phone.trim()) {
    const href = telHref(phone.trim());
    details.push(
      item(labels.phone, href ? link(context, href, '', escapeText(phone.trim())) : escapeText(phone.trim())),
    );
  }
  if (email.trim()) {
    const href = mailtoHref(email.trim());
    details.push(
      item(labels.email, href ? link(context, href, '', escapeText(email.trim())) : escapeText(email.trim())),
    );
  }
  return (
    `<section id="contact" aria-labelledby="contact-title"><div class="w"><h2 id="contact-title">${escapeText(labels.contact)}</h2>` +
    (details.length > 0
      ? `<div class="grid"><dl>${details.join('')}</dl>${contactForm(context, form, started)}</div>`
      : contactForm(context, form, started)) +
    '</div></section>'
  );
}

/** A section: its heading and content, tinted every other one (the page's rhythm). */
function section(id: string, title: string, content: string, tint: boolean): string {
  return (
    `<section id="${id}"${tint ? ' class="tint"' : ''} aria-labelledby="${id}-title"><div class="w">` +
    `<h2 id="${id}-title">${escapeText(title)}</h2>${content}</div></section>`
  );
}

/** A day's name in a language (1 January 2024 was a Monday). */
function dayName(day: (typeof WEEK_DAYS)[number], language: SiteLanguage): string {
  const date = new Date(Date.UTC(2024, 0, 1 + WEEK_DAYS.indexOf(day)));
  const name = new Intl.DateTimeFormat(LOCALES[language], { weekday: 'long', timeZone: 'UTC' }).format(date);
  return name.charAt(0).toLocaleUpperCase(LOCALES[language]) + name.slice(1);
}

/** "Lundi – Vendredi" for consecutive days, "Lundi, Mercredi" otherwise. */
function daysText(days: readonly string[], language: SiteLanguage): string {
  const indexes = WEEK_DAYS.map((day, index) => (days.includes(day) ? index : -1)).filter(
    (index) => index >= 0,
  );
  const runs: number[][] = [];
  for (const index of indexes) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === index - 1) run.push(index);
    else runs.push([index]);
  }
  return runs
    .map((run) => {
      const first = WEEK_DAYS[run[0] ?? 0] ?? 'mo';
      const last = WEEK_DAYS[run[run.length - 1] ?? 0] ?? 'mo';
      if (run.length === 1) return dayName(first, language);
      if (run.length === 2) return `${dayName(first, language)}, ${dayName(last, language)}`;
      return `${dayName(first, language)} – ${dayName(last, language)}`;
    })
    .join(', ');
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** The opening hours a page may show: each with days and two real times. */
export function validHours(hours: readonly WebsiteHours[] | undefined): WebsiteHours[] {
  return (hours ?? []).filter(
    (range) =>
      Array.isArray(range.days) &&
      range.days.some((day) => (WEEK_DAYS as readonly string[]).includes(day)) &&
      TIME.test(range.opens ?? '') &&
      TIME.test(range.closes ?? ''),
  );
}

type SectionRenderer = (context: Context, index: number) => string;

/** How wide a gallery photo shows: a column of the page's grid (.gallery in `styles`). */
const GALLERY_SIZES = '(min-width: 66rem) 21rem, (min-width: 34rem) 50vw, 100vw';

const SECTIONS: Record<Exclude<WebsiteSectionId, 'contact'>, SectionRenderer> = {
  about(context, index) {
    const { texts, labels } = context;
    if (!texts.about.trim()) return '';
    return section('about', labels.about, paragraphs(texts.about), index % 2 === 1);
  },
  services(context, index) {
    const { texts, labels } = context;
    const services = texts.services.filter((service) => (service.name ?? '').trim());
    if (services.length === 0) return '';
    const items = services
      .map((service) => {
        const price = (service.price ?? '').trim();
        const description = (service.description ?? '').trim();
        return (
          `<li><h3>${escapeText((service.name ?? '').trim())}</h3>` +
          (price ? `<p class="price">${escapeText(price)}</p>` : '') +
          (description ? `<p>${lines(description)}</p>` : '') +
          '</li>'
        );
      })
      .join('');
    return section('services', labels.services, `<ul class="cards">${items}</ul>`, index % 2 === 1);
  },
  hours(context, index) {
    const { site, labels, texts, language } = context;
    const hours = validHours(site.content.hours);
    const note = texts.openingHours.trim();
    if (hours.length === 0 && !note) return '';
    const rows = hours
      .map(
        (range) =>
          `<div><dt>${escapeText(daysText(range.days ?? [], language))}</dt>` +
          `<dd><time>${escapeText(range.opens ?? '')}</time> – <time>${escapeText(range.closes ?? '')}</time></dd></div>`,
      )
      .join('');
    return section(
      'hours',
      labels.hours,
      (rows ? `<dl class="hours">${rows}</dl>` : '') + (note ? `<p>${lines(note)}</p>` : ''),
      index % 2 === 1,
    );
  },
  gallery(context, index) {
    const { site, labels, language } = context;
    const photos = site.content.photos ?? [];
    if (photos.length === 0) return '';
    const items = photos
      .map((photo, position) => {
        const base = `/site-photos/${escapeText(photo.id)}`;
        const widths = photoWidths(photo.width);
        const srcset = (format: string) =>
          widths.map(([name, actual]) => `${base}/w${name}.${format} ${actual}w`).join(', ');
        // The middle width where there is one: a browser without srcset gets a fair size.
        const [fallback = 480] = widths[Math.min(1, widths.length - 1)] ?? [];
        // Sized by the photo's own proportions (no shift as it arrives), and loaded as it nears the
        // screen, except the first of a gallery at the top of the page.
        const loading = index === 0 && position === 0 ? 'eager' : 'lazy';
        return (
          `<li><picture><source type="image/webp" srcset="${srcset('webp')}" sizes="${GALLERY_SIZES}">` +
          `<img src="${base}/w${fallback}.jpg" srcset="${srcset('jpg')}" sizes="${GALLERY_SIZES}" ` +
          `width="${Math.round(photo.width)}" height="${Math.round(photo.height)}" ` +
          `alt="${escapeText((photo.alt?.[language] ?? '').trim())}" loading="${loading}" decoding="async"></picture></li>`
        );
      })
      .join('');
    return section('gallery', labels.gallery, `<ul class="gallery">${items}</ul>`, index % 2 === 1);
  },
  team(context, index) {
    const { texts, labels } = context;
    const people = texts.team.filter((person) => (person.name ?? '').trim());
    if (people.length === 0) return '';
    const items = people
      .map(
        (person) =>
          `<li><h3>${escapeText((person.name ?? '').trim())}</h3>` +
          ((person.role ?? '').trim() ? `<p>${escapeText((person.role ?? '').trim())}</p>` : '') +
          '</li>',
      )
      .join('');
    return section('team', labels.team, `<ul class="cards team">${items}</ul>`, index % 2 === 1);
  },
  faq(context, index) {
    const { texts, labels } = context;
    const entries = texts.faq.filter((entry) => (entry.question ?? '').trim() && (entry.answer ?? '').trim());
    if (entries.length === 0) return '';
    // <details> opens and closes without a script; each question is a heading for screen readers' lists.
    const items = entries
      .map(
        (entry) =>
          `<details><summary><h3>${escapeText((entry.question ?? '').trim())}</h3></summary>` +
          `${paragraphs(entry.answer ?? '')}</details>`,
      )
      .join('');
    return section('faq', labels.faq, `<div class="faq">${items}</div>`, index % 2 === 1);
  },
  map(context, index) {
    const { site, labels } = context;
    const address = site.content.address.trim();
    if (!address) return '';
    // A link, not an embedded map: the page makes no request to a third party (and sets no cookie).
    const href = `https://www.openstreetmap.org/search?query=${encodeURIComponent(address.replace(/\s+/g, ' '))}`;
    return section(
      'map',
      labels.map,
      `<p>${lines(address)}</p><p>${link(context, href, ' class="btn main-btn" rel="noopener"', escapeText(labels.mapLink))}</p>`,
      index % 2 === 1,
    );
  },
};

const SCHEMA_DAYS: Record<(typeof WEEK_DAYS)[number], string> = {
  mo: 'https://schema.org/Monday',
  tu: 'https://schema.org/Tuesday',
  we: 'https://schema.org/Wednesday',
  th: 'https://schema.org/Thursday',
  fr: 'https://schema.org/Friday',
  sa: 'https://schema.org/Saturday',
  su: 'https://schema.org/Sunday',
};

/** A French (5 digits) or Romanian (6 digits) postal code and its town, on an address's line. */
const POSTAL_LINE = /^(.*?)[,\s]*\b(\d{5,6})\s+([^\d,][^,]*)$/;

/**
 * The address as schema.org's PostalAddress: the postal code and town when a line ends with them
 * ("75011 Paris", "500001 Brașov"), the rest as the street; the country is the company's.
 */
function postalAddress(address: string, country: SiteCountry): Record<string, string> {
  const parts = address
    .split(/\r?\n|,/)
    .map((part) => part.trim())
    .filter(Boolean);
  const postal: Record<string, string> = { '@type': 'PostalAddress', addressCountry: country };
  for (let index = parts.length - 1; index >= 0; index--) {
    const match = POSTAL_LINE.exec(parts[index] ?? '');
    if (!match) continue;
    const [, before = '', code = '', town = ''] = match;
    const street = [...parts.slice(0, index), before].map((part) => part.trim()).filter(Boolean);
    return { ...postal, streetAddress: street.join(', '), postalCode: code, addressLocality: town.trim() };
  }
  return { ...postal, streetAddress: parts.join(', ') };
}

/**
 * The page's business as search engines read it (schema.org LocalBusiness, in JSON-LD): its name,
 * address, phone, e-mail, opening hours, image and page, in the page's language.
 */
export function localBusiness(
  site: RenderableSite,
  language: SiteLanguage,
  url: string,
  origin: string,
): Record<string, unknown> {
  const { content } = site;
  const texts = content.texts[language] ?? {};
  const photo = (content.photos ?? [])[0];
  const image = site.logo
    ? `${origin}/site-logos/${site.logo.id}/social.png`
    : photo
      ? `${origin}/site-photos/${photo.id}/w${photoWidths(photo.width).at(-1)?.[0] ?? 480}.jpg`
      : undefined;
  const hours = validHours(content.hours).map((range) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: (range.days ?? []).map((day) => SCHEMA_DAYS[day]),
    opens: range.opens,
    closes: range.closes,
  }));
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: content.siteName.trim(),
    url,
    inLanguage: language,
  };
  if ((texts.tagline ?? '').trim()) data.description = (texts.tagline ?? '').trim();
  if (content.address.trim()) data.address = postalAddress(content.address, content.country ?? 'FR');
  if (content.phone.trim()) data.telephone = content.phone.trim();
  if (content.email.trim()) data.email = content.email.trim();
  if (image) data.image = image;
  if (hours.length > 0) data.openingHoursSpecification = hours;
  return data;
}

/** Escapes text for XML (the same five characters as HTML). */
const xmlText = escapeText;

/**
 * A site's sitemap (sitemaps.org): one entry per language, each naming the others as its
 * alternates (hreflang), with the date it was published.
 */
export function siteSitemap(
  site: RenderableSite,
  origin: string,
  publishedAt: Date,
  base = `/sites/${site.slug}`,
): string {
  const languages = languagesOf(site.content);
  const url = (language: SiteLanguage) =>
    xmlText(`${origin}${sitePath(site.slug, language, languages, base)}`);
  const alternates = languages
    .map((language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${url(language)}"/>`)
    .join('');
  const entries = languages
    .map(
      (language) =>
        `<url><loc>${url(language)}</loc><lastmod>${publishedAt.toISOString().slice(0, 10)}</lastmod>` +
        `${languages.length > 1 ? alternates : ''}</url>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">' +
    `${entries}</urlset>`
  );
}

/**
 * A site's robots.txt (RFC 9309): everything may be crawled but the page after a message; names the
 * sitemap. Crawlers read it at a host's root, so it counts at the site's own domain.
 */
export function siteRobots(origin: string, base: string): string {
  return `User-agent: *\nDisallow: ${base}/thanks\n\nSitemap: ${origin}${base}/sitemap.xml\n`;
}

/** JSON-LD in the page: a data block, never run (the page's policy allows no script). */
function structuredDataScript(data: Record<string, unknown>): string {
  // "<" and ">" escaped, so that the owner's words cannot close the element, and "&", so that they
  // never hold the form's time stamp placeholder (which the server replaces in the whole page).
  const json = JSON.stringify(data).replace(
    /[<>&]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/ld+json">${json}</script>`;
}

/** A site's page in one of its languages (or, in the builder's preview, any language it has texts for). */
export function renderSitePage(
  site: RenderableSite,
  language: SiteLanguage,
  labels: SiteLabels,
  options: {
    origin: string;
    /** Where the pages are on `origin` (/sites/<slug> unless given: '' at the site's own domain). */
    base?: string;
    form?: SiteFormState;
    preview?: boolean;
    started?: string;
    host?: SiteHost;
  },
): RenderedSitePage {
  const context = contextOf(
    site,
    language,
    labels,
    options.origin,
    options.preview ?? false,
    options.host ?? null,
    options.base,
  );
  const { texts, languages } = context;
  const name = site.content.siteName.trim();
  const tagline = texts.tagline.trim();
  const css = styles(WEBSITE_PALETTE[site.content.color] ?? WEBSITE_PALETTE.navy, site.content.template);
  const title = tagline ? `${name} – ${tagline}` : name;
  const path = sitePath(site.slug, language, languages, context.base);
  const started = options.started === undefined ? STARTED_PLACEHOLDER : escapeText(options.started);

  const cta = link(context, '#contact', ' class="btn"', escapeText(labels.contactCta));
  const form = options.form ?? {};
  const main = orderedSections(site.content.sections)
    .filter((section) => section.visible)
    .map((section, index) =>
      section.id === 'contact'
        ? contactSection(context, form, started)
        : SECTIONS[section.id](context, index),
    )
    .join('');

  const body =
    hero(context, escapeText(name), escapeText(tagline), cta, (other) =>
      sitePath(site.slug, other, languages, context.base),
    ) + `<main id="main">${main}</main>${footer(context)}`;
  const structured = context.preview
    ? ''
    : structuredDataScript(localBusiness(site, language, `${options.origin}${path}`, options.origin));
  return {
    html: htmlDocument({ language, head: head(context, title, tagline, path) + structured, body, css }),
    css,
  };
}

/** The page shown after a message was sent (at /sites/<slug>/thanks?lang=xx). */
export function renderSiteThanks(
  site: RenderableSite,
  language: SiteLanguage,
  labels: SiteLabels,
  options: { origin: string; base?: string; host?: SiteHost },
): RenderedSitePage {
  const context = contextOf(
    site,
    language,
    labels,
    options.origin,
    false,
    options.host ?? null,
    options.base,
  );
  const { languages, base } = context;
  const css = styles(WEBSITE_PALETTE[site.content.color] ?? WEBSITE_PALETTE.navy, site.content.template);
  const name = site.content.siteName.trim();
  const back = sitePath(site.slug, language, languages, base);
  const body =
    hero(context, escapeText(labels.thanksTitle), '', '', (other) => `${base}/thanks?lang=${other}`) +
    `<main id="main"><section><div class="w"><p>${escapeText(labels.thanksText)}</p>` +
    `<p><a class="btn main-btn" href="${escapeText(back)}">${escapeText(labels.backToSite)}</a></p></div></section></main>` +
    footer(context);
  const head =
    `<title>${escapeText(`${labels.thanksTitle} – ${name}`)}</title><meta name="robots" content="noindex">` +
    `<meta name="theme-color" content="${(WEBSITE_PALETTE[site.content.color] ?? WEBSITE_PALETTE.navy).main}">` +
    iconLinks(site.logo);
  return { html: htmlDocument({ language, head, body, css }), css };
}

/** The page of an address no site has, or whose site closed with its owner's account ('gone'). */
export function renderSiteNotFound(
  language: SiteLanguage,
  labels: SiteLabels,
  kind: 'notFound' | 'gone' = 'notFound',
): RenderedSitePage {
  const css = styles(WEBSITE_PALETTE.slate);
  const [title, text] =
    kind === 'gone' ? [labels.goneTitle, labels.goneText] : [labels.notFoundTitle, labels.notFoundText];
  const body =
    `<header class="hero"><div class="w"><h1>${escapeText(title)}</h1></div></header>` +
    `<main><section><div class="w"><p>${escapeText(text)}</p></div></section></main>`;
  const head = `<title>${escapeText(title)}</title><meta name="robots" content="noindex"><link rel="icon" href="data:,">`;
  return { html: htmlDocument({ language, head, body, css }), css };
}

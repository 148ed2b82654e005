/**
 * Rules of the promotional website that the builder (browser) and the server share: the palette,
 * the logo's size limit, the contact form's field names (what a slug may be: website-slug.ts).
 */
import type { components } from '../lib/api/schema';

export type WebsiteColor = components['schemas']['WebsiteColor'];
export type WebsiteContent = components['schemas']['WebsiteContent'];
export type WebsiteTexts = components['schemas']['WebsiteTexts'];
export type WebsiteService = components['schemas']['WebsiteService'];
export type WebsiteSectionId = components['schemas']['WebsiteSectionId'];
export type WebsiteTemplate = NonNullable<WebsiteContent['template']>;
export type WebsiteSection = NonNullable<WebsiteContent['sections']>[number];
export type WebsiteHours = NonNullable<WebsiteContent['hours']>[number];
export type SiteLanguage = components['schemas']['Language'];
/** The country whose law the site's legal notice follows (its company's registered office). */
export type SiteCountry = NonNullable<WebsiteContent['country']>;

export const SITE_LANGUAGES: readonly SiteLanguage[] = ['fr', 'en', 'ro'];

/**
 * The site's colours. Each is used as a background under white text and as text on a white page,
 * so each has a contrast of at least 4.5:1 with white (WCAG 2.2, 1.4.3; checked by a unit test).
 * `tint` is a pale version for section backgrounds (dark text on it).
 */
export const WEBSITE_PALETTE: Record<WebsiteColor, { main: string; tint: string }> = {
  navy: { main: '#1e3a8a', tint: '#eef2fb' },
  teal: { main: '#0f766e', tint: '#ecf7f5' },
  green: { main: '#166534', tint: '#edf7ef' },
  burgundy: { main: '#9f1239', tint: '#fbeef1' },
  plum: { main: '#6b21a8', tint: '#f5eefb' },
  slate: { main: '#334155', tint: '#f1f3f6' },
  orange: { main: '#c2410c', tint: '#fcf1eb' },
};

export const WEBSITE_COLORS = Object.keys(WEBSITE_PALETTE) as WebsiteColor[];

/** WCAG 2.2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, b = 0] = [1, 3, 5].map((start) => {
      const value = parseInt(hex.slice(start, start + 2), 16) / 255;
      return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The largest logo file accepted (before re-encoding). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** The largest photo file accepted (a phone camera's JPEG is 3 to 8 MB), and how many a gallery holds. */
export const PHOTO_MAX_BYTES = 12 * 1024 * 1024;
export const MAX_PHOTOS = 12;
/** The widths a photo is served at (server/services/website/photo-images.ts makes them). */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;

/**
 * The widths a photo of `width` pixels (upright, at most the largest) has, each as [name, actual
 * width]: every one below its own width, and the next one at its own width (never enlarged). A photo
 * 1200 pixels wide has 480, 960 and "1600" at 1200; one 300 wide has "480" at 300.
 */
export function photoWidths(width: number): [number, number][] {
  return PHOTO_WIDTHS.filter((_target, index) => index === 0 || (PHOTO_WIDTHS[index - 1] ?? 0) < width).map(
    (target) => [target, Math.min(target, width)],
  );
}

export type WebsitePhoto = NonNullable<WebsiteContent['photos']>[number];

/**
 * The gallery as the owner edits it, on the photos that exist: uploads and removals are the server's
 * (their own requests), the order and the text alternatives the owner's draft. Photos of `edited` that
 * are not in `stored` are gone; photos of `stored` that `edited` lacks (uploaded meanwhile) come last.
 * Sizes are always the stored ones.
 */
export function mergePhotos(
  edited: readonly WebsitePhoto[] | undefined,
  stored: readonly WebsitePhoto[] | undefined,
): WebsitePhoto[] {
  const byId = new Map((stored ?? []).map((photo) => [photo.id, photo]));
  const kept: WebsitePhoto[] = [];
  for (const photo of edited ?? []) {
    const known = byId.get(photo.id);
    if (!known || kept.some((other) => other.id === photo.id)) continue;
    kept.push({ ...known, alt: photo.alt ?? {} });
  }
  const added = (stored ?? []).filter((photo) => !kept.some((other) => other.id === photo.id));
  return [...kept, ...added];
}

/**
 * The photos' text alternatives a site needs to be published: one in each of its languages (WCAG 2.2,
 * 1.1.1). Each missing one as the server names fields: `photos.2.alt.en`.
 */
export function missingPhotoAlts(content: WebsiteContent): string[] {
  return (content.photos ?? []).flatMap((photo, index) =>
    content.languages
      .filter((language) => !(photo.alt?.[language] ?? '').trim())
      .map((language) => `photos.${index}.alt.${language}`),
  );
}

/** The contact form of a published site: its fields, the honeypot and the time stamp. */
export const SITE_CONTACT_FIELDS = ['name', 'email', 'message'] as const;
// A name no autofill or password manager fills in (`website`, `url`, `fax` tempt them): a person never
// types in the hidden field, so whatever it holds is a bot's.
export const SITE_HONEYPOT_FIELD = 'leave_this_empty';
export const SITE_STARTED_FIELD = 'started';

/** The three looks (issue 38): a shop or café, professional services, a craft. */
export const WEBSITE_TEMPLATES: readonly WebsiteTemplate[] = ['shop', 'services', 'craft'];

/** Every section of a page, in the order a new site shows them. */
export const WEBSITE_SECTION_IDS: readonly WebsiteSectionId[] = [
  'about',
  'services',
  'hours',
  'gallery',
  'team',
  'faq',
  'map',
  'contact',
];

/** The week's days as schema.org and the hours' `days` name them, Monday first. */
export const WEEK_DAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const;

/**
 * The page's sections in the owner's order: each known one once, the contact section always shown,
 * and any the list misses (a draft older than the section) after the others, shown.
 */
export function orderedSections(sections: readonly WebsiteSection[] | undefined): WebsiteSection[] {
  const seen = new Set<WebsiteSectionId>();
  const ordered: WebsiteSection[] = [];
  for (const section of sections ?? []) {
    if (!WEBSITE_SECTION_IDS.includes(section.id) || seen.has(section.id)) continue;
    seen.add(section.id);
    ordered.push({ id: section.id, visible: section.id === 'contact' || section.visible });
  }
  for (const id of WEBSITE_SECTION_IDS) if (!seen.has(id)) ordered.push({ id, visible: true });
  return ordered;
}

/** A service as the contract has it: a draft of before the prices held its name alone. */
function serviceOf(item: unknown): WebsiteService {
  if (typeof item === 'string') return { name: item, description: '', price: '' };
  const record = (item ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { name: text(record.name), description: text(record.description), price: text(record.price) };
}

/** An empty site, as a new builder starts (the server fills in the company file's defaults). */
export function emptyWebsiteContent(
  language: SiteLanguage = 'fr',
  country: SiteCountry = 'FR',
): WebsiteContent {
  return {
    siteName: '',
    languages: [language],
    color: 'navy',
    email: '',
    phone: '',
    address: '',
    country,
    legalForm: '',
    shareCapital: null,
    registrationPending: true,
    registrationNumber: '',
    taxId: '',
    vatNumber: '',
    publicationDirector: '',
    legalDetails: '',
    template: 'services',
    sections: orderedSections([]),
    hours: [],
    photos: [],
    texts: { [language]: emptyTexts() },
  };
}

/** One language's texts, empty. */
export function emptyTexts(): Required<WebsiteTexts> {
  return { tagline: '', about: '', services: [], openingHours: '', team: [], faq: [], untranslated: [] };
}

/**
 * A stored draft with every field of today's contract (issue 38). One saved before the legal fields had
 * its company's details in one free text (kept as the other mentions) and no country: it is read as a
 * company being registered in `country` (the company file's), so that publishing asks for the rest.
 * Its services were names (each becomes a service without price), it had no template, sections or hours.
 */
export function normalizeWebsiteContent(content: WebsiteContent, country: SiteCountry): WebsiteContent {
  const texts = Object.fromEntries(
    Object.entries(content.texts ?? {}).map(([language, given]) => [
      language,
      { ...given, services: (given?.services ?? []).map(serviceOf) },
    ]),
  ) as WebsiteContent['texts'];
  return {
    ...content,
    template:
      content.template && WEBSITE_TEMPLATES.includes(content.template) ? content.template : 'services',
    sections: orderedSections(content.sections),
    hours: content.hours ?? [],
    photos: content.photos ?? [],
    texts,
    country: content.country ?? country,
    legalForm: content.legalForm ?? '',
    shareCapital: content.shareCapital ?? null,
    registrationPending: content.registrationPending ?? true,
    registrationNumber: content.registrationNumber ?? '',
    taxId: content.taxId ?? '',
    vatNumber: content.vatNumber ?? '',
    publicationDirector: content.publicationDirector ?? '',
    legalDetails: content.legalDetails ?? '',
  };
}

/**
 * Rules of the promotional website that the builder (browser) and the server share: the palette,
 * what a slug may be, the logo's size limit, the contact form's field names.
 */
import type { components } from '../lib/api/schema';
import { asciiSlug } from './ascii-slug';

export type WebsiteColor = components['schemas']['WebsiteColor'];
export type WebsiteContent = components['schemas']['WebsiteContent'];
export type WebsiteTexts = components['schemas']['WebsiteTexts'];
export type SiteLanguage = components['schemas']['Language'];

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

/** 3 to 40 lowercase letters, digits and single hyphens, neither first nor last. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,39}$/;

/**
 * Addresses nobody may take: words of our own routes and services, and words a visitor would trust
 * as ours (a site called "support" or "kreo" could be used to phish).
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'about',
  'account',
  'admin',
  'administrator',
  'api',
  'app',
  'assets',
  'auth',
  'billing',
  'blog',
  'checkout',
  'contact',
  'dashboard',
  'docs',
  'documents',
  'help',
  'info',
  'kreo',
  'legal',
  'login',
  'logout',
  'mail',
  'null',
  'official',
  'payment',
  'plans',
  'postmaster',
  'privacy',
  'root',
  'security',
  'services',
  'signup',
  'site',
  'site-logos',
  'sites',
  'staff',
  'static',
  'status',
  'support',
  'system',
  'terms',
  'thanks',
  'undefined',
  'webmaster',
  'website',
  'www',
]);

export type SlugProblem = 'format' | 'reserved';

/** What is wrong with a slug on its own (whether someone else has it is the server's to say). */
export function slugProblem(slug: string): SlugProblem | null {
  if (!SLUG_PATTERN.test(slug)) return 'format';
  if (RESERVED_SLUGS.has(slug)) return 'reserved';
  return null;
}

/** A slug suggested from a name ("Boulangerie Dupont SAS" → "boulangerie-dupont-sas"). */
export function suggestSlug(name: string): string {
  return asciiSlug(name, 40);
}

/** The largest logo file accepted (before re-encoding). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** The contact form of a published site: its fields, the honeypot and the time stamp. */
export const SITE_CONTACT_FIELDS = ['name', 'email', 'message'] as const;
// A name no autofill or password manager fills in (`website`, `url`, `fax` tempt them): a person never
// types in the hidden field, so whatever it holds is a bot's.
export const SITE_HONEYPOT_FIELD = 'leave_this_empty';
export const SITE_STARTED_FIELD = 'started';

/** An empty site, as a new builder starts (the server fills in the company file's defaults). */
export function emptyWebsiteContent(language: SiteLanguage = 'fr'): WebsiteContent {
  return {
    siteName: '',
    languages: [language],
    color: 'navy',
    email: '',
    phone: '',
    address: '',
    publicationDirector: '',
    legalDetails: '',
    texts: { [language]: { tagline: '', about: '', services: [], openingHours: '' } },
  };
}

/**
 * The contact form of a published site (/sites/<slug>/contact, a plain POST without JavaScript): the
 * visitor's fields checked and trimmed, each problem in the site's language (`site:errors.*`), the
 * form's signed time stamp, and the Content-Security-Policy of the site's pages, whose only style is
 * their inline `<style>`.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SITE_FORM_MAX_LENGTH, type SiteFormField } from '../../../src/shared/site-page';
import { SITE_CONTACT_FIELDS } from '../../../src/shared/website';
import { translator } from '../i18n';

/** A message shorter than this is no message (the same minimum as our own contact form). */
export const SITE_MESSAGE_MIN_LENGTH = 10;

// The e-mail pattern of our own contact form (schemas/forms/contact.json), so that both agree.
const contactSchema = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../schemas/forms/contact.json', import.meta.url)), 'utf8'),
) as { schema: { properties: { email: { pattern: string } } } };
const EMAIL_PATTERN = new RegExp(contactSchema.schema.properties.email.pattern);

// PostgreSQL refuses NUL in text, and no person types control characters (tabs and newlines aside).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export type SiteContactValues = Record<SiteFormField, string>;
export type SiteContactErrors = Partial<Record<SiteFormField, string>>;

/**
 * The visitor's trimmed fields and, per field, its first problem in `language` (none when valid).
 * A field sent twice arrives as a list: it counts as empty and invalid. Line breaks are counted as one
 * character each (browsers send a textarea's as CR LF but count them as one against `maxlength`).
 */
export function checkSiteContact(
  raw: Record<string, unknown>,
  language: string,
): { values: SiteContactValues; errors: SiteContactErrors } {
  const t = translator(language);
  const values = { name: '', email: '', message: '' } as SiteContactValues;
  const errors: SiteContactErrors = {};
  for (const field of SITE_CONTACT_FIELDS) {
    const value = raw[field];
    if (value === undefined || value === null) {
      errors[field] = t(`site:errors.${field}.required`);
      continue;
    }
    if (typeof value !== 'string') {
      errors[field] = t(`site:errors.${field}.invalid`);
      continue;
    }
    const text = value.replace(/\r\n?/g, '\n').trim();
    values[field] = text;
    const max = SITE_FORM_MAX_LENGTH[field];
    if (text === '') errors[field] = t(`site:errors.${field}.required`);
    else if (text.length > max) errors[field] = t(`site:errors.${field}.tooLong`, { max });
    // A name or an address on several lines would break the header it goes into (Reply-To, Subject).
    else if (CONTROL.test(text) || (field !== 'message' && text.includes('\n')))
      errors[field] = t(`site:errors.${field}.invalid`);
    else if (field === 'email' && !EMAIL_PATTERN.test(text)) errors[field] = t('site:errors.email.invalid');
    else if (field === 'message' && text.length < SITE_MESSAGE_MIN_LENGTH)
      errors[field] = t('site:errors.message.tooShort', { min: SITE_MESSAGE_MIN_LENGTH });
  }
  return { values, errors };
}

/** A page older than this asks for a fresh form (its time stamp is refused). */
export const STAMP_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/**
 * A stamp checked: its problem, or the key under which the message it carries spends it (each stamp
 * sends one message: see site-inbox.ts).
 */
export type StampCheck = { problem: 'expired' | 'tooSoon' } | { spendKey: string };

/**
 * The form's `started` stamp: when the page was made, a random nonce (two pages made in the same
 * millisecond are two stamps) and a MAC tying both to the site, so that a bot can neither make one
 * nor age one. `issued.nonce.mac`.
 */
export function createFormStamps(options: {
  signingKey: Uint8Array;
  /** The shortest time a person takes between seeing the form and sending it. */
  minSeconds: number;
  now: () => number;
}) {
  const key = createHmac('sha256', options.signingKey).update('site-form-stamp').digest();
  const mac = (siteId: string, issued: number, nonce: string) =>
    createHmac('sha256', key).update(`${siteId}.${issued}.${nonce}`).digest('base64url').slice(0, 22);

  return {
    /** A stamp for a form shown now. */
    issue(siteId: string): string {
      const issued = options.now();
      const nonce = randomBytes(8).toString('base64url');
      return `${issued}.${nonce}.${mac(siteId, issued, nonce)}`;
    },

    /**
     * Forged, malformed or too old ('expired'), sent faster than a person types ('tooSoon'), or the
     * key that spends it. Whether it was spent already is the inbox's to say (the database knows).
     */
    check(siteId: string, stamp: unknown): StampCheck {
      if (typeof stamp !== 'string') return { problem: 'expired' };
      const [issuedText = '', nonce = '', given = '', ...rest] = stamp.split('.');
      if (rest.length > 0 || !/^\d{1,15}$/.test(issuedText) || !/^[\w-]{11}$/.test(nonce))
        return { problem: 'expired' };
      const issued = Number(issuedText);
      const expected = Buffer.from(mac(siteId, issued, nonce));
      const givenBytes = Buffer.from(given);
      if (givenBytes.length !== expected.length || !timingSafeEqual(givenBytes, expected))
        return { problem: 'expired' };
      const age = options.now() - issued;
      if (age < 0 || age > STAMP_MAX_AGE_MS) return { problem: 'expired' };
      if (age < options.minSeconds * 1000) return { problem: 'tooSoon' };
      return { spendKey: `site-form-stamp:${siteId}:${nonce}` };
    },
  };
}

export type FormStamps = ReturnType<typeof createFormStamps>;

/**
 * The CSP of a site page: nothing but its own `<style>` (by hash), its own images and its own form.
 * `data:` images too: a site without a logo declares `<link rel="icon" href="data:,">` so that the
 * browser asks for no /favicon.ico, and Chrome checks that empty icon against img-src (a console error).
 * `connect-src 'self'` opens nothing (the page runs no script) but lets crawlers' in-page checks such
 * as Lighthouse's read /robots.txt.
 */
export function siteCsp(css: string): string {
  const hash = createHash('sha256').update(css, 'utf8').digest('base64');
  return `default-src 'none'; style-src 'sha256-${hash}'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
}

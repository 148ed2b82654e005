/**
 * The contact form of a published site: its check (checkSiteContact), its time stamps
 * (createFormStamps) and the pages’ CSP (siteCsp).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { translator } from '../../server/services/i18n';
import { checkSiteContact, createFormStamps, siteCsp } from '../../server/services/website/site-contact-form';

const valid = {
  name: 'Ștefan Dumitrescu',
  email: 'stefan@example.ro',
  message: 'Bună ziua, aș dori o ofertă.',
};

describe('checkSiteContact', () => {
  it('accepts a valid message and trims it', () => {
    const { values, errors } = checkSiteContact(
      { name: '  Ana  ', email: ' ana@example.com ', message: '\n Bonjour,\r\nun devis ?\t \n', website: '' },
      'fr',
    );
    expect(errors).toEqual({});
    expect(values).toEqual({ name: 'Ana', email: 'ana@example.com', message: 'Bonjour,\nun devis ?' });
  });

  it('says which fields are missing, in the site’s language', () => {
    const ro = translator('ro');
    expect(checkSiteContact({}, 'ro')).toEqual({
      values: { name: '', email: '', message: '' },
      errors: {
        name: ro('site:errors.name.required'),
        email: ro('site:errors.email.required'),
        message: ro('site:errors.message.required'),
      },
    });
    const { errors } = checkSiteContact({ name: '   ', email: '', message: ' \n ' }, 'en');
    expect(errors).toEqual({
      name: 'Enter your name.',
      email: 'Enter your email address.',
      message: 'Write your message.',
    });
    // An unknown language falls back to French.
    expect(checkSiteContact({ ...valid, name: '' }, 'de').errors.name).toBe('Indiquez votre nom.');
  });

  it('refuses a repeated field (a list) and any value that is not text', () => {
    const { values, errors } = checkSiteContact(
      { name: ['Ana', 'Bob'], email: 42, message: { text: 'hello there' } },
      'fr',
    );
    expect(values).toEqual({ name: '', email: '', message: '' });
    const fr = translator('fr');
    expect(errors).toEqual({
      name: fr('site:errors.name.invalid'),
      email: fr('site:errors.email.invalid'),
      message: fr('site:errors.message.invalid'),
    });
  });

  it('enforces the lengths (100, 254, 10 to 5000 characters)', () => {
    expect(checkSiteContact({ ...valid, name: 'a'.repeat(100) }, 'fr').errors).toEqual({});
    expect(checkSiteContact({ ...valid, name: 'a'.repeat(101) }, 'fr').errors.name).toBe(
      'Votre nom ne peut pas dépasser 100 caractères.',
    );
    const longEmail = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.fr`;
    expect(longEmail.length).toBeGreaterThan(254);
    expect(checkSiteContact({ ...valid, email: longEmail }, 'en').errors.email).toBe(
      'The email address cannot be longer than 254 characters.',
    );
    expect(checkSiteContact({ ...valid, message: 'Trop court' }, 'fr').errors).toEqual({});
    expect(checkSiteContact({ ...valid, message: 'Court !' }, 'fr').errors.message).toBe(
      'Votre message doit contenir au moins 10 caractères.',
    );
    expect(checkSiteContact({ ...valid, message: 'x'.repeat(5000) }, 'fr').errors).toEqual({});
    expect(checkSiteContact({ ...valid, message: 'x'.repeat(5001) }, 'ro').errors.message).toBe(
      'Mesajul nu poate depăși 5000 de caractere.',
    );
    // A browser sends a textarea's line breaks as CR LF but counts each as one character.
    expect(checkSiteContact({ ...valid, message: 'xxxx\r\n'.repeat(1000) }, 'fr').errors).toEqual({});
  });

  it('checks the e-mail address with the pattern of our own contact form', () => {
    const contact = JSON.parse(
      readFileSync(fileURLToPath(new URL('../../schemas/forms/contact.json', import.meta.url)), 'utf8'),
    ) as { schema: { properties: { email: { pattern: string } } } };
    const pattern = new RegExp(contact.schema.properties.email.pattern);
    for (const email of [
      'ana@example.com',
      "o'brien+shop@sub.example.co.uk",
      'ana@',
      'ana@example',
      'ana @example.com',
      'ana@exa_mple.com',
      '<script>@x.fr',
      'a..b@example.com',
    ]) {
      const { errors } = checkSiteContact({ ...valid, email }, 'fr');
      expect(errors.email === undefined, email).toBe(pattern.test(email));
    }
    expect(checkSiteContact({ ...valid, email: 'ana@' }, 'fr').errors.email).toBe(
      translator('fr')('site:errors.email.invalid'),
    );
  });

  it('refuses control characters but keeps tabs and line breaks', () => {
    const fr = translator('fr');
    expect(checkSiteContact({ ...valid, name: 'Ana\u0000' }, 'fr').errors.name).toBe(
      fr('site:errors.name.invalid'),
    );
    expect(checkSiteContact({ ...valid, message: 'Bonjour\u001b[31m rouge' }, 'fr').errors.message).toBe(
      fr('site:errors.message.invalid'),
    );
    expect(checkSiteContact({ ...valid, email: 'ana\u007f@example.com' }, 'fr').errors.email).toBeDefined();
    expect(checkSiteContact({ ...valid, message: 'Ligne 1\n\tLigne 2\nLigne 3' }, 'fr').errors).toEqual({});
  });

  it('has every message in every language', () => {
    for (const language of ['fr', 'en', 'ro']) {
      const t = translator(language);
      for (const key of [
        'errors.name.required',
        'errors.name.tooLong',
        'errors.name.invalid',
        'errors.email.required',
        'errors.email.tooLong',
        'errors.email.invalid',
        'errors.message.required',
        'errors.message.tooShort',
        'errors.message.tooLong',
        'errors.message.invalid',
        'errors.fields',
        'errors.tooSoon',
        'errors.expired',
        'errors.used',
        'errors.spam',
        'errors.tooMany',
        'errors.tooManyToday',
        'errors.siteBusy',
      ]) {
        const text = t(`site:${key}`, { site: 'Dupont', email: 'ana@example.com', max: 100, min: 10 });
        expect(text, `${language} ${key}`).not.toBe(key);
        expect(text).not.toContain('{{');
      }
    }
  });
});

describe('siteCsp', () => {
  it('allows only the page’s own style (by hash), its images and its form', () => {
    const css = 'body{color:#1f2937}h1::after{content:"é"}';
    const hash = createHash('sha256').update(Buffer.from(css, 'utf8')).digest('base64');
    const csp = siteCsp(css);
    expect(csp).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    );
    expect(csp).not.toContain('script-src');
    expect(siteCsp(`${css} `)).not.toBe(csp);
  });
});

describe('createFormStamps', () => {
  const signingKey = new TextEncoder().encode('k'.repeat(40));
  let clock = Date.UTC(2026, 10, 26, 12);
  const stamps = createFormStamps({ signingKey, minSeconds: 3, now: () => clock });

  it('makes a new stamp for every page, even two in one millisecond', () => {
    const first = stamps.issue('site-a');
    const second = stamps.issue('site-a');
    expect(first).toMatch(/^\d+\.[\w-]{11}\.[\w-]{22}$/);
    expect(second).not.toBe(first);
    clock += 3000;
    const spend = (stamp: string) => {
      const check = stamps.check('site-a', stamp);
      return 'spendKey' in check ? check.spendKey : check.problem;
    };
    // Each stamp is spent under a key of its own, the same at each check.
    expect(spend(first)).toMatch(/^site-form-stamp:site-a:/);
    expect(spend(first)).toBe(spend(first));
    expect(spend(second)).not.toBe(spend(first));
  });

  it('refuses a stamp sent too soon, too late, for another site, altered or of the old format', () => {
    const stamp = stamps.issue('site-a');
    expect(stamps.check('site-a', stamp)).toEqual({ problem: 'tooSoon' });
    clock += 7 * 24 * 3600 * 1000 + 1;
    expect(stamps.check('site-a', stamp)).toEqual({ problem: 'expired' });
    clock -= 7 * 24 * 3600 * 1000 - 10_000;
    expect(stamps.check('site-a', stamp)).toHaveProperty('spendKey');
    expect(stamps.check('site-b', stamp)).toEqual({ problem: 'expired' });
    const [issued, nonce, mac] = stamp.split('.');
    const otherNonce = `${nonce?.slice(0, 10)}${nonce?.endsWith('A') ? 'B' : 'A'}`;
    for (const altered of [
      `${issued}.${otherNonce}.${mac}`,
      `${Number(issued) - 60_000}.${nonce}.${mac}`,
      `${issued}.${mac}`,
      `${stamp}.x`,
      '',
      42,
      undefined,
    ])
      expect(stamps.check('site-a', altered), String(altered)).toEqual({ problem: 'expired' });
  });
});

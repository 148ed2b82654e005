import { describe, expect, it } from 'vitest';
import en from '../../locales/en/site.json';
import fr from '../../locales/fr/site.json';
import ro from '../../locales/ro/site.json';
import {
  SITE_TEXT_COLORS,
  STARTED_PLACEHOLDER,
  renderSiteNotFound,
  renderSitePage,
  renderSiteThanks,
  siteLabels,
  sitePath,
  type RenderableSite,
  type SiteLabels,
} from './site-page';
import {
  SITE_LANGUAGES,
  WEBSITE_COLORS,
  WEBSITE_PALETTE,
  contrastRatio,
  type SiteLanguage,
  type WebsiteContent,
} from './website';

const LOCALES: Record<SiteLanguage, unknown> = { fr, en, ro };

/** A `t` over one locale file that fails the test on a missing key. */
function translate(language: SiteLanguage) {
  return (key: string) => {
    const value = key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        LOCALES[language],
      );
    if (typeof value !== 'string') throw new Error(`site:${key} is missing in ${language}`);
    return value;
  };
}

const labels: Record<SiteLanguage, SiteLabels> = {
  fr: siteLabels(translate('fr')),
  en: siteLabels(translate('en')),
  ro: siteLabels(translate('ro')),
};

function content(overrides: Partial<WebsiteContent> = {}): WebsiteContent {
  return {
    siteName: 'Boulangerie Dupont',
    languages: ['fr'],
    color: 'teal',
    email: 'contact@dupont.fr',
    phone: '+33 (0)1 23-45.67 89',
    address: '12 rue des Lilas\n75011 Paris',
    texts: {
      fr: {
        tagline: 'Pain au levain depuis 1998',
        about: 'Premier paragraphe,\nsur deux lignes.\n\nSecond paragraphe.',
        services: [{ name: 'Pains' }, { name: 'Viennoiseries' }],
        openingHours: 'Mardi – samedi : 7 h – 19 h\nDimanche : 7 h – 13 h',
      },
      en: {
        tagline: 'Sourdough since 1998',
        about: 'We bake every morning.',
        services: [{ name: 'Bread' }],
        openingHours: '',
      },
      ro: {
        tagline: 'Pâine din 1998',
        about: 'Coacem în fiecare dimineață.',
        services: [],
        openingHours: '',
      },
    },
    ...overrides,
  };
}

const site = (
  overrides: Partial<WebsiteContent> = {},
  logo: RenderableSite['logo'] = null,
): RenderableSite => ({
  slug: 'boulangerie-dupont',
  content: content(overrides),
  logo,
});

const ORIGIN = 'https://kreo.example';
const HOST = { name: 'Hébergeur <SAS>', address: '1 rue du Serveur\n59000 Lille' };
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('the legal notice and the form privacy note', () => {
  const legalText = (page: Document) => page.querySelector('footer section.legal')?.textContent ?? '';
  const terms = (page: Document) => [...page.querySelectorAll('footer dt')].map((term) => term.textContent);

  it('names a registered French company as LCEN art. 1-1 asks, the director and the host, in each language', () => {
    const capital = { fr: '1 000 €', en: '€1,000', ro: '1.000 EUR' };
    for (const language of SITE_LANGUAGES) {
      const page = parse(
        renderSitePage(
          site({
            languages: [language],
            country: 'FR',
            legalForm: 'SAS',
            shareCapital: 1000,
            registrationPending: false,
            registrationNumber: 'RCS Paris 912 345 675',
            vatNumber: 'FR65912345675',
            publicationDirector: 'Camille Dupont',
          }),
          language,
          labels[language],
          { origin: ORIGIN, host: HOST },
        ).html,
      );
      const legal = page.querySelector('footer section.legal');
      expect(legal?.querySelector('h2')?.textContent).toBe(labels[language].legalTitle);
      expect(terms(page)).toEqual([
        labels[language].legalPublisher,
        labels[language].legalDirector,
        labels[language].legalHost,
      ]);
      // Intl writes French thousands with a narrow no-break space.
      const text = legalText(page).replace(/\u202f|\u00a0/g, ' ');
      for (const part of [
        'Boulangerie Dupont',
        `SAS`,
        capital[language],
        'RCS Paris 912 345 675',
        'FR65912345675',
        labels[language].legalVat,
        labels[language].legalRegisteredOffice,
        '75011 Paris',
        'contact@dupont.fr',
        'Camille Dupont',
        'Hébergeur <SAS>',
        '59000 Lille',
      ])
        expect(text, `${language}: ${part}`).toContain(part);
      expect(text).not.toContain(labels[language].legalPending);
      const note = page.querySelector('form p.note')?.textContent ?? '';
      expect(note).toContain('Boulangerie Dupont');
      expect(note).not.toContain('%SITE%');
    }
  });

  it('says a company is being registered in place of its numbers', () => {
    const page = parse(
      renderSitePage(
        site({
          registrationPending: true,
          registrationNumber: 'RCS Paris 912 345 675',
          vatNumber: 'FR65912345675',
        }),
        'fr',
        labels.fr,
        { origin: ORIGIN },
      ).html,
    );
    expect(legalText(page)).toContain(labels.fr.legalPending);
    expect(legalText(page)).not.toContain('912 345 675');
  });

  it('names a Romanian company by its trade register number and CUI (Legea 365/2002, art. 5), with no director', () => {
    for (const language of SITE_LANGUAGES) {
      const page = parse(
        renderSitePage(
          site({
            languages: [language],
            country: 'RO',
            legalForm: 'SRL',
            shareCapital: 500,
            registrationPending: false,
            registrationNumber: 'J2026001234004',
            taxId: 'RO18547290',
            // Typed before the country changed: Romanian law asks for no director, the notice names none.
            publicationDirector: 'Ana Ionescu',
          }),
          language,
          labels[language],
          { origin: ORIGIN, host: HOST },
        ).html,
      );
      expect(terms(page)).toEqual([labels[language].legalPublisher, labels[language].legalHost]);
      const text = legalText(page);
      for (const part of [
        'SRL',
        '500 lei',
        labels[language].legalTradeRegister,
        'J2026001234004',
        labels[language].legalTaxId,
        'RO18547290',
      ])
        expect(text, `${language}: ${part}`).toContain(part);
      expect(text).not.toContain('Ana Ionescu');
    }
  });

  it('leaves out the director and the host when they are not given', () => {
    const page = parse(
      renderSitePage(site({ publicationDirector: '' }), 'fr', labels.fr, { origin: ORIGIN }).html,
    );
    expect(terms(page)).toEqual([labels.fr.legalPublisher]);
  });
});

describe('sections and templates (issue 38)', () => {
  const rich = (overrides: Partial<WebsiteContent> = {}) =>
    site({
      hours: [
        { days: ['tu', 'we', 'th', 'fr', 'sa'], opens: '07:00', closes: '19:00' },
        { days: ['su'], opens: '07:00', closes: '13:00' },
        // Not a time: left out, as the builder would refuse to publish it.
        { days: ['mo'], opens: '7h', closes: '12:00' },
      ],
      texts: {
        fr: {
          tagline: 'Pain au levain',
          about: 'Une boulangerie de quartier.',
          services: [{ name: 'Baguette', price: '1,20 €', description: 'Cuite trois fois par jour.' }],
          openingHours: 'Fermé en août',
          team: [{ name: 'Camille Dupont', role: 'Boulangère' }],
          faq: [{ question: 'Livrez-vous ?', answer: 'Oui, dans le quartier.' }],
        },
      },
      ...overrides,
    });

  it('shows hours by day names, services with prices, the team, the questions and a map link', () => {
    const page = parse(renderSitePage(rich(), 'fr', labels.fr, { origin: ORIGIN }).html);
    const hours = [...page.querySelectorAll('#hours dl div')].map((row) => row.textContent);
    expect(hours).toEqual(['Mardi – Samedi07:00 – 19:00', 'Dimanche07:00 – 13:00']);
    expect(page.querySelector('#hours p')?.textContent).toBe('Fermé en août');
    expect(page.querySelector('#services .price')?.textContent).toBe('1,20 €');
    expect(page.querySelector('#services li p:not(.price)')?.textContent).toBe('Cuite trois fois par jour.');
    expect(page.querySelector('#team h3')?.textContent).toBe('Camille Dupont');
    expect(page.querySelector('#faq details summary h3')?.textContent).toBe('Livrez-vous ?');
    const map = page.querySelector('#map a');
    expect(map?.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/search?query=12%20rue%20des%20Lilas%2075011%20Paris',
    );
    // In English, the days are English.
    const english = parse(
      renderSitePage(rich({ languages: ['fr', 'en'] }), 'en', labels.en, { origin: ORIGIN }).html,
    );
    expect(english.querySelector('#hours dt')?.textContent).toBe('Tuesday – Saturday');
  });

  it('puts the sections in the owner’s order, leaves out hidden ones but never the contact form', () => {
    const page = parse(
      renderSitePage(
        rich({
          sections: [
            { id: 'faq', visible: true },
            { id: 'contact', visible: false },
            { id: 'about', visible: false },
            { id: 'services', visible: true },
          ],
        }),
        'fr',
        labels.fr,
        { origin: ORIGIN },
      ).html,
    );
    const ids = [...page.querySelectorAll('main > section')].map((section) => section.id);
    // The list's order, then the sections it misses in their usual order; no about (hidden).
    expect(ids).toEqual(['faq', 'contact', 'services', 'hours', 'team', 'map']);
  });

  it('changes only the look from one template to another', () => {
    const render = (template: 'shop' | 'services' | 'craft') =>
      renderSitePage(rich({ template }), 'fr', labels.fr, { origin: ORIGIN });
    const [shop, services, craft] = [render('shop'), render('services'), render('craft')];
    expect(new Set([shop.css, services.css, craft.css]).size).toBe(3);
    expect(craft.css).toContain('Georgia');
    const text = (html: string) => parse(html).body.textContent;
    expect(text(shop.html)).toBe(text(services.html));
    expect(text(craft.html)).toBe(text(services.html));
  });

  it('reads a page published when services were names alone', () => {
    const older = rich();
    (older.content.texts.fr as { services: unknown }).services = ['Baguette', 'Croissant'];
    const page = parse(renderSitePage(older, 'fr', labels.fr, { origin: ORIGIN }).html);
    expect([...page.querySelectorAll('#services h3')].map((h) => h.textContent)).toEqual([
      'Baguette',
      'Croissant',
    ]);
  });
});

describe('renderSitePage', () => {
  it('escapes everything the owner writes, in text and attributes', () => {
    const hostile = site({
      siteName: '"><img src=x onerror=alert(1)>',
      email: '"><script>alert(3)</script>@x.fr',
      phone: '<b>call</b>',
      address: "<script>alert(4)</script>'",
      publicationDirector: '<script>alert(7)</script>',
      legalDetails: '<img src=x onerror=alert(8)>',
      texts: {
        fr: {
          tagline: `'"><img src=x onerror=alert(2)>`,
          about: '<script>alert(1)</script>\n\n<style>body{}</style>',
          services: [{ name: '<b onclick="x()">bold</b>' }],
          openingHours: '<iframe src="//evil">',
        },
      },
    });
    const outputs = [
      renderSitePage(hostile, 'fr', labels.fr, {
        origin: ORIGIN,
        form: {
          values: { name: '"><script>', email: "'><b>", message: '</textarea><script>alert(5)</script>' },
          errors: { name: '<i>bad</i>' },
          failure: '<script>alert(6)</script>',
        },
        started: '"><script>',
      }),
      renderSitePage(hostile, 'fr', labels.fr, { origin: '', preview: true, host: HOST }),
      renderSiteThanks(hostile, 'fr', labels.fr, { origin: ORIGIN, host: HOST }),
    ];
    for (const { html: rendered } of outputs) {
      // The one script element a page may have is its data block (JSON-LD), which the owner's words
      // cannot close: "<" is escaped in it.
      const data = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(rendered)?.[1];
      if (data) expect((JSON.parse(data) as { name: string }).name).toBe(hostile.content.siteName);
      const html = rendered.replace(/<script type="application\/ld\+json">[^<]*<\/script>/, '');
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toContain('<img src=x');
      expect(html).not.toMatch(/<b[\s>]/);
      expect(html).not.toContain('<iframe');
      expect(html.match(/<style>/g)).toHaveLength(1);
      const page = parse(html);
      expect(page.querySelectorAll('script, iframe, b, i, [onerror], [onclick]')).toHaveLength(0);
      expect(page.querySelectorAll('img')).toHaveLength(0);
      expect(page.querySelectorAll('style')).toHaveLength(1);
    }
    const html = outputs[0]?.html ?? '';
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&#39;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    const page = parse(html);
    expect(page.title).toBe(`"><img src=x onerror=alert(1)> – '"><img src=x onerror=alert(2)>`);
    expect(page.querySelector('h1')?.textContent).toBe('"><img src=x onerror=alert(1)>');
    expect(page.querySelector('meta[name=description]')?.getAttribute('content')).toBe(
      `'"><img src=x onerror=alert(2)>`,
    );
    expect(page.querySelector('textarea')?.value).toBe('</textarea><script>alert(5)</script>');
    expect(page.querySelector<HTMLInputElement>('#f-name')?.value).toBe('"><script>');
    expect(page.querySelector<HTMLInputElement>('input[name=started]')?.value).toBe('"><script>');
    // Neither an invalid phone nor an invalid e-mail becomes a link.
    expect(page.querySelector('a[href^="tel:"], a[href^="mailto:"]')).toBeNull();
  });

  it('has no style attribute, one <style> holding exactly `css`, and a compact CSS', () => {
    const outputs = [
      renderSitePage(site({ languages: ['fr', 'en'] }), 'fr', labels.fr, { origin: ORIGIN }),
      renderSitePage(site(), 'fr', labels.fr, { origin: '', preview: true, form: { failure: 'x' } }),
      renderSiteThanks(site(), 'fr', labels.fr, { origin: ORIGIN }),
      renderSiteNotFound('en', labels.en),
    ];
    for (const { html, css } of outputs) {
      expect(html).not.toMatch(/\sstyle\s*=/i);
      expect(parse(html).querySelectorAll('[style]')).toHaveLength(0);
      expect(html.match(/<style[\s>]/g)).toHaveLength(1);
      expect(html).toContain(`<style>${css}</style>`);
      expect(parse(html).querySelector('style')?.textContent).toBe(css);
      // Every rule of the page and of its template inline: under 5 kB (about 1.5 kB compressed).
      expect(new TextEncoder().encode(css).length).toBeLessThan(5120);
      // No request but the logo's: no external stylesheet, font or script (a link is no request: the
      // map section links to OpenStreetMap).
      expect(html.replace(/<a [^>]*>|<script type="application\/ld\+json">[^<]*<\/script>/g, '')).not.toMatch(
        /https?:\/\/(?!kreo\.example)/,
      );
      expect(css).not.toMatch(/url\(|@import|@font-face/);
    }
  });

  it('renders the sections, keeping the owner’s paragraphs and line breaks', () => {
    const { html } = renderSitePage(site(), 'fr', labels.fr, { origin: ORIGIN });
    const page = parse(html);
    expect(page.documentElement.lang).toBe('fr');
    expect(page.title).toBe('Boulangerie Dupont – Pain au levain depuis 1998');
    expect(page.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
      'https://kreo.example/sites/boulangerie-dupont',
    );
    expect(page.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(
      'https://kreo.example/sites/boulangerie-dupont',
    );
    expect(page.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(page.title);
    expect(page.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('website');
    expect(page.querySelector('meta[property="og:description"]')?.getAttribute('content')).toBe(
      'Pain au levain depuis 1998',
    );
    expect(page.querySelector('meta[name=viewport]')).not.toBeNull();
    const about = page.querySelectorAll('#about p');
    expect([...about].map((p) => p.innerHTML)).toEqual([
      'Premier paragraphe,<br>sur deux lignes.',
      'Second paragraphe.',
    ]);
    expect([...page.querySelectorAll('#services li')].map((li) => li.textContent)).toEqual([
      'Pains',
      'Viennoiseries',
    ]);
    expect(page.querySelector('a[href^="tel:"]')?.getAttribute('href')).toBe('tel:+330123456789');
    expect(page.querySelector('a[href^="mailto:"]')?.getAttribute('href')).toBe('mailto:contact@dupont.fr');
    const details = [...page.querySelectorAll('#contact dd')].map((dd) => dd.innerHTML);
    expect(details).toContain('12 rue des Lilas<br>75011 Paris');
    expect(page.querySelector('#hours p')?.innerHTML).toBe(
      'Mardi – samedi : 7 h – 19 h<br>Dimanche : 7 h – 13 h',
    );
    expect(page.querySelector('footer')?.textContent).toContain(`© Boulangerie Dupont`);
    expect(page.querySelector('a.skip')?.getAttribute('href')).toBe('#main');
    expect(page.querySelector('main#main')).not.toBeNull();
    // Headings in order: one h1, then h2 sections.
    expect(page.querySelectorAll('h1')).toHaveLength(1);
    expect([...page.querySelectorAll('h2')].map((h) => h.textContent)).toEqual([
      labels.fr.about,
      labels.fr.services,
      labels.fr.hours,
      labels.fr.map,
      labels.fr.contact,
      labels.fr.legalTitle,
    ]);
  });

  it('percent-encodes an unusual e-mail address in its mailto: link', () => {
    const { html } = renderSitePage(site({ email: "o'brien+shop@example.com" }), 'fr', labels.fr, {
      origin: ORIGIN,
    });
    expect(html).toContain('href="mailto:o&#39;brien%2Bshop@example.com"');
    expect(parse(html).querySelector('a[href^="mailto:"]')?.textContent).toBe("o'brien+shop@example.com");
  });

  it('omits what is empty', () => {
    const bare = site({
      phone: '',
      email: '',
      address: '  ',
      texts: { fr: { tagline: '', about: '', services: [{ name: ' ' }], openingHours: '' } },
    });
    const { html } = renderSitePage(bare, 'fr', labels.fr, { origin: ORIGIN });
    const page = parse(html);
    expect(page.querySelector('#about')).toBeNull();
    expect(page.querySelector('#services')).toBeNull();
    expect(page.querySelector('#contact dl')).toBeNull();
    expect(page.querySelector('#contact form')).not.toBeNull();
    expect(page.querySelector('meta[name=description]')).toBeNull();
    expect(page.querySelector('.lead')).toBeNull();
    expect(page.title).toBe('Boulangerie Dupont');

    const phoneOnly = parse(
      renderSitePage(site({ email: '', address: '' }), 'fr', labels.fr, { origin: ORIGIN }).html,
    );
    expect([...phoneOnly.querySelectorAll('#contact dt')].map((dt) => dt.textContent)).toEqual([
      labels.fr.phone,
    ]);
    expect(phoneOnly.querySelector('#map')).toBeNull();
    // A language without texts renders without failing (the builder's preview of a new language).
    expect(() => renderSitePage(site({ texts: {} }), 'en', labels.en, { origin: '' })).not.toThrow();
  });

  it('shows the logo with its size, favicons and og:image, or an empty icon without a logo', () => {
    const logo = { id: '6f1c2d3e-0000-4000-8000-000000000001', width: 160, height: 80 };
    const page = parse(renderSitePage(site({}, logo), 'fr', labels.fr, { origin: ORIGIN }).html);
    const base = `/site-logos/${logo.id}`;
    expect(page.querySelector('picture source')?.getAttribute('srcset')).toBe(`${base}/header.webp`);
    expect(page.querySelector('picture source')?.getAttribute('type')).toBe('image/webp');
    const img = page.querySelector('picture img');
    expect(img?.getAttribute('src')).toBe(`${base}/header.png`);
    expect(img?.getAttribute('width')).toBe('160');
    expect(img?.getAttribute('height')).toBe('80');
    expect(img?.getAttribute('alt')).toBe('Boulangerie Dupont');
    expect(page.querySelector('link[rel=icon]')?.getAttribute('href')).toBe(`${base}/icon-32.png`);
    expect(page.querySelector('link[rel=apple-touch-icon]')?.getAttribute('href')).toBe(
      `${base}/icon-180.png`,
    );
    expect(page.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      `https://kreo.example${base}/social.png`,
    );

    const without = parse(renderSitePage(site(), 'fr', labels.fr, { origin: ORIGIN }).html);
    expect(without.querySelectorAll('link[rel=icon]')).toHaveLength(1);
    expect(without.querySelector('link[rel=icon]')?.getAttribute('href')).toBe('data:,');
    expect(without.querySelector('link[rel=apple-touch-icon]')).toBeNull();
    expect(without.querySelector('meta[property="og:image"]')).toBeNull();
  });

  it('has a language switch and hreflang alternates only when the site has several languages', () => {
    const single = renderSitePage(site(), 'fr', labels.fr, { origin: ORIGIN }).html;
    expect(single).not.toContain('hreflang');
    expect(parse(single).querySelector('nav')).toBeNull();

    const several = site({ languages: ['en', 'fr', 'ro'] });
    const page = parse(renderSitePage(several, 'fr', labels.fr, { origin: ORIGIN }).html);
    expect(page.documentElement.lang).toBe('fr');
    expect(page.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
      'https://kreo.example/sites/boulangerie-dupont/fr',
    );
    const alternates = [...page.querySelectorAll('link[rel=alternate]')].map(
      (link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`,
    );
    expect(alternates).toEqual([
      'en https://kreo.example/sites/boulangerie-dupont',
      'fr https://kreo.example/sites/boulangerie-dupont/fr',
      'ro https://kreo.example/sites/boulangerie-dupont/ro',
      'x-default https://kreo.example/sites/boulangerie-dupont',
    ]);
    const nav = page.querySelector('nav');
    expect(nav?.getAttribute('aria-label')).toBe(labels.fr.languageSwitch);
    const links = [...(nav?.querySelectorAll('a') ?? [])];
    expect(
      links.map((a) => [a.getAttribute('href'), a.getAttribute('hreflang'), a.lang, a.textContent]),
    ).toEqual([
      ['/sites/boulangerie-dupont', 'en', 'en', 'English'],
      ['/sites/boulangerie-dupont/fr', 'fr', 'fr', 'Français'],
      ['/sites/boulangerie-dupont/ro', 'ro', 'ro', 'Română'],
    ]);
    expect(links.map((a) => a.getAttribute('aria-current'))).toEqual([null, 'page', null]);
    expect(sitePath('boulangerie-dupont', 'en', ['en', 'fr'])).toBe('/sites/boulangerie-dupont');
    expect(sitePath('boulangerie-dupont', 'fr', ['en', 'fr'])).toBe('/sites/boulangerie-dupont/fr');
  });

  it.each(SITE_LANGUAGES)('reads every label of the site namespace in %s', (language) => {
    const current = labels[language];
    const values = Object.values({ ...current, ...current.languageNames }).filter(
      (v) => typeof v === 'string',
    );
    for (const value of values) expect(value.trim()).not.toBe('');
    const { html } = renderSitePage(site({ languages: [...SITE_LANGUAGES] }), language, current, {
      origin: ORIGIN,
    });
    const page = parse(html);
    expect(page.documentElement.lang).toBe(language);
    expect(page.querySelector('button[type=submit]')?.textContent).toBe(current.formSend);
    expect(page.querySelector('label[for=f-email]')?.textContent).toBe(current.formEmail);
    expect(page.querySelector('input[name=lang]')?.getAttribute('value')).toBe(language);
    expect(page.querySelector('a.skip')?.textContent).toBe(current.skipToContent);
    expect(page.querySelector('footer')?.textContent).toContain(current.poweredBy);
  });

  it('has a form that works without JavaScript, with labels, limits and a hidden honeypot', () => {
    const { html } = renderSitePage(site(), 'fr', labels.fr, { origin: ORIGIN });
    const page = parse(html);
    const form = page.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/sites/boulangerie-dupont/contact');
    const limits = Object.fromEntries(
      [...page.querySelectorAll('#f-name, #f-email, #f-message')].map((field) => [
        field.getAttribute('name'),
        [field.getAttribute('maxlength'), field.hasAttribute('required')],
      ]),
    );
    expect(limits).toEqual({ name: ['100', true], email: ['254', true], message: ['5000', true] });
    expect(page.querySelector('#f-email')?.getAttribute('type')).toBe('email');
    for (const field of page.querySelectorAll('input:not([type=hidden]), textarea'))
      expect(page.querySelector(`label[for="${field.id}"]`)).not.toBeNull();
    expect(page.querySelectorAll('[placeholder]')).toHaveLength(0);
    const honeypot = page.querySelector('input[name=leave_this_empty]');
    expect(honeypot?.getAttribute('tabindex')).toBe('-1');
    expect(honeypot?.getAttribute('autocomplete')).toBe('off');
    expect(honeypot?.closest('[aria-hidden=true]')?.className).toBe('hp');
    expect(page.querySelector('input[name=started]')?.getAttribute('value')).toBe(STARTED_PLACEHOLDER);
    expect(html.split(STARTED_PLACEHOLDER)).toHaveLength(2);
    expect(page.querySelector('[aria-invalid]')).toBeNull();
    expect(page.querySelector('[role=alert]')).toBeNull();
    expect(page.querySelector('button[type=submit]')?.hasAttribute('disabled')).toBe(false);
  });

  it('gives the placeholder a form that no escaped owner text can contain', () => {
    const tricky = site({ siteName: STARTED_PLACEHOLDER, texts: { fr: { about: STARTED_PLACEHOLDER } } });
    const { html } = renderSitePage(tricky, 'fr', labels.fr, { origin: ORIGIN });
    expect(html.split(STARTED_PLACEHOLDER)).toHaveLength(2);
  });

  it('fills the form in again and ties each error to its field', () => {
    const { html } = renderSitePage(site(), 'fr', labels.fr, {
      origin: ORIGIN,
      form: {
        values: { name: 'Ana', email: 'ana@', message: 'Bonjour,\nun devis ?' },
        errors: { email: 'Adresse invalide', message: 'Trop court' },
        failure: 'Corrigez les champs signalés.',
      },
      started: '1700000000.abc',
    });
    const page = parse(html);
    expect(page.querySelector<HTMLInputElement>('#f-name')?.value).toBe('Ana');
    expect(page.querySelector<HTMLInputElement>('#f-email')?.value).toBe('ana@');
    expect(page.querySelector('textarea')?.value).toBe('Bonjour,\nun devis ?');
    expect(page.querySelector('#f-name')?.hasAttribute('aria-invalid')).toBe(false);
    for (const [id, message] of [
      ['f-email', 'Adresse invalide'],
      ['f-message', 'Trop court'],
    ] as const) {
      const field = page.getElementById(id);
      expect(field?.getAttribute('aria-invalid')).toBe('true');
      const described = field?.getAttribute('aria-describedby') ?? '';
      expect(page.getElementById(described)?.textContent).toBe(message);
    }
    const alert = page.querySelector('[role=alert]');
    expect(alert?.textContent).toContain(labels.fr.formErrorsTitle);
    expect(alert?.textContent).toContain('Corrigez les champs signalés.');
    expect([...(alert?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'))).toEqual([
      '#f-email',
      '#f-message',
    ]);
    expect(page.querySelector('input[name=started]')?.getAttribute('value')).toBe('1700000000.abc');
    expect(html).not.toContain(STARTED_PLACEHOLDER);
  });

  it('in the preview, disables the form and leaves no link to follow', () => {
    const { html } = renderSitePage(site({ languages: ['fr', 'en'] }), 'fr', labels.fr, {
      origin: '',
      preview: true,
    });
    const page = parse(html);
    expect(page.querySelector('button[type=submit]')?.hasAttribute('disabled')).toBe(true);
    expect(page.body.textContent).toContain(labels.fr.formPreviewNote);
    // In a srcdoc frame even "#main" resolves against the builder's address: no link has a target.
    expect(page.querySelectorAll('a[href]')).toHaveLength(0);
    // The skip link, the hero's button and the map's.
    expect(page.querySelectorAll('a.skip, a.btn')).toHaveLength(3);
    expect(page.querySelectorAll('nav a')).toHaveLength(2);
    expect(page.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('/sites/boulangerie-dupont');
  });
});

describe('renderSiteThanks and renderSiteNotFound', () => {
  it('thanks in the visitor’s language and links back to that language’s page', () => {
    const { html } = renderSiteThanks(site({ languages: ['fr', 'en'] }), 'en', labels.en, { origin: ORIGIN });
    const page = parse(html);
    expect(page.documentElement.lang).toBe('en');
    expect(page.querySelector('h1')?.textContent).toBe(labels.en.thanksTitle);
    expect(page.body.textContent).toContain(labels.en.thanksText);
    const back = [...page.querySelectorAll('main a')].find((a) => a.textContent === labels.en.backToSite);
    expect(back?.getAttribute('href')).toBe('/sites/boulangerie-dupont/en');
    expect(page.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
    expect([...page.querySelectorAll('nav a')].map((a) => a.getAttribute('href'))).toEqual([
      '/sites/boulangerie-dupont/thanks?lang=fr',
      '/sites/boulangerie-dupont/thanks?lang=en',
    ]);
  });

  it('says that no site is at the address', () => {
    const page = parse(renderSiteNotFound('ro', labels.ro).html);
    expect(page.documentElement.lang).toBe('ro');
    expect(page.querySelector('h1')?.textContent).toBe(labels.ro.notFoundTitle);
    expect(page.body.textContent).toContain(labels.ro.notFoundText);
    expect(page.querySelector('link[rel=icon]')?.getAttribute('href')).toBe('data:,');
  });
});

describe('the palette', () => {
  it.each(WEBSITE_COLORS)('%s keeps every text readable', (color) => {
    const { main, tint } = WEBSITE_PALETTE[color];
    // White text on the colour (the hero, buttons) and the colour as text or outline on white.
    expect(contrastRatio(main, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Dark, muted and error text on the pale tint.
    for (const text of [SITE_TEXT_COLORS.text, SITE_TEXT_COLORS.muted, SITE_TEXT_COLORS.error])
      expect(contrastRatio(text, tint)).toBeGreaterThanOrEqual(4.5);
    // Focus outlines in the colour on the tinted section (non-text contrast).
    expect(contrastRatio(main, tint)).toBeGreaterThanOrEqual(3);
  });

  it('has text and input borders readable on white', () => {
    for (const text of [SITE_TEXT_COLORS.text, SITE_TEXT_COLORS.muted, SITE_TEXT_COLORS.error])
      expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(SITE_TEXT_COLORS.border, '#ffffff')).toBeGreaterThanOrEqual(3);
  });

  it('gives the page its colour', () => {
    for (const color of WEBSITE_COLORS) {
      const { css, html } = renderSitePage(site({ color }), 'fr', labels.fr, { origin: ORIGIN });
      expect(css).toContain(`--c:${WEBSITE_PALETTE[color].main}`);
      expect(css).toContain(`--t:${WEBSITE_PALETTE[color].tint}`);
      expect(html).toContain(`<meta name="theme-color" content="${WEBSITE_PALETTE[color].main}">`);
    }
  });
});

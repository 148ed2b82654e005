import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '@/lib/catalog/catalog';
import { LANGUAGES } from '@/lib/i18n/languages';
import type { WebsiteContent } from '@/shared/website';
import type { Website } from './website-api';
import {
  api,
  callsTo,
  fieldLabel,
  refusal,
  renderWebsite,
  mockWebsiteApi,
  websiteFixture,
  WORDS,
} from './website-testing';

mockWebsiteApi();

const PUBLISHED_AT = '2026-11-20T10:30:00.000Z';

/** The server's answer to a publish: online at /sites/<slug>, the draft and the page alike. */
function published(content: WebsiteContent, slug: string): Website {
  return websiteFixture({
    content,
    slug,
    published: { url: `/sites/${slug}`, publishedAt: PUBLISHED_AT, languages: content.languages },
    unpublishedChanges: false,
  });
}

const publishCard = (title: string) => screen.getByRole('region', { name: title });

describe.each(LANGUAGES)('publishing in %s', (language) => {
  const words = WORDS[language];

  it('tells a user without the package what unlocks publishing, with no publish button', async () => {
    api.handlers['GET /api/website'] = () => websiteFixture({ canPublish: false });
    renderWebsite(language);
    const card = await screen.findByRole('region', { name: words.publish.title });
    const locked = within(card).getByTestId('website-publish-locked');
    expect(
      await within(locked).findByText(
        words.publish.locked
          .replace('{{offer}}', 'Premium')
          .replace('{{price}}', formatPrice(50, language, 'EUR').replace(/\s/g, ' ')),
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: words.publish.seePlans })).toHaveAttribute(
      'href',
      '/plans',
    );
    expect(within(card).queryByRole('button', { name: words.publish.publish })).toBeNull();
    expect(within(card).queryByRole('textbox', { name: words.slug.label })).toBeNull();
    // The builder and its preview are all there.
    expect(
      screen.getByRole('textbox', { name: fieldLabel(words.fields.siteName.title) }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('website-preview')).toBeInTheDocument();
  });

  it('checks the address as it is typed', async () => {
    api.handlers['GET /api/website/slug-availability'] = (init) => {
      const slug = init?.params?.query?.slug ?? '';
      const reason = ({ 'deja-pris': 'taken', 'ancien-site': 'held' } as Record<string, string>)[slug];
      return { slug, available: !reason, reason: reason ?? null, message: '' };
    };
    const { user } = renderWebsite(language);
    const card = await screen.findByRole('region', { name: words.publish.title });
    const slug = within(card).getByRole('textbox', { name: words.slug.label });
    const status = within(card).getByTestId('website-slug-status');
    // Suggested from the site's name, and free.
    expect(slug).toHaveValue('boulangerie-dupont');
    await waitFor(() => expect(status).toHaveTextContent(words.slug.available));
    expect(status).toHaveAttribute('aria-live', 'polite');

    await user.clear(slug);
    await user.type(slug, 'ab');
    expect(status).toHaveTextContent(words.slug.format);
    await user.clear(slug);
    await user.type(slug, 'admin');
    expect(status).toHaveTextContent(words.slug.reserved);
    await user.clear(slug);
    await user.type(slug, 'deja-pris');
    await waitFor(() => expect(status).toHaveTextContent(words.slug.taken));
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    await user.clear(slug);
    await user.type(slug, 'ancien-site');
    await waitFor(() => expect(status).toHaveTextContent(words.slug.held));
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    await user.clear(slug);
    await user.type(slug, 'kreo-support');
    expect(status).toHaveTextContent(words.slug.reserved);
    await user.clear(slug);
    await user.type(slug, 'dupont-paris');
    await waitFor(() => expect(status).toHaveTextContent(words.slug.available));
    // Format and reserved words are known without asking the server.
    const asked = callsTo(api.get, '/api/website/slug-availability').map((init) => init?.params?.query?.slug);
    expect(asked).not.toContain('ab');
    expect(asked).not.toContain('admin');
    expect(asked).not.toContain('kreo-support');
  });

  it('says so when the account checked or published too often (429)', async () => {
    api.handlers['GET /api/website/slug-availability'] = () => {
      throw refusal(429, { message: 'Too many', code: 'RATE_LIMITED' });
    };
    api.handlers['POST /api/website/publish'] = () => {
      throw refusal(429, { message: 'Too many', code: 'RATE_LIMITED' });
    };
    const { user } = renderWebsite(language);
    const card = await screen.findByRole('region', { name: words.publish.title });
    const status = within(card).getByTestId('website-slug-status');
    await waitFor(() => expect(status).toHaveTextContent(words.slug.tooMany));
    expect(within(card).getByRole('textbox', { name: words.slug.label })).toHaveAttribute(
      'aria-invalid',
      'false',
    );
    await user.click(within(card).getByRole('button', { name: words.publish.publish }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(words.errors.tooManyPublishes);
  });
});

describe('publishing', () => {
  const words = WORDS.fr;

  it('shows the public address once published, then "unpublished changes" after an edit', async () => {
    api.handlers['POST /api/website/publish'] = (init) => {
      const { slug } = init?.body as { slug: string };
      return published(websiteFixture().content, slug);
    };
    api.handlers['POST /api/website/draft'] = (init) => ({
      ...published((init?.body as { content: WebsiteContent }).content, 'boulangerie-dupont'),
      unpublishedChanges: true,
    });
    const { user } = renderWebsite('fr');
    await screen.findByRole('region', { name: words.publish.title });
    await user.click(screen.getByRole('button', { name: words.publish.publish }));

    const link = await screen.findByRole('link', { name: /\/sites\/boulangerie-dupont/ });
    expect(link).toHaveAttribute('href', `${window.location.origin}/sites/boulangerie-dupont`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(callsTo(api.post, '/api/website/publish')[0]?.body).toEqual({ slug: 'boulangerie-dupont' });
    const card = publishCard(words.publish.title);
    expect(within(card).getByText(words.publish.publishedNow)).toBeInTheDocument();
    const date = new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(PUBLISHED_AT),
    );
    expect(within(card).getByText(words.publish.publishedAt.replace('{{date}}', date))).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: words.publish.republish })).toBeEnabled();
    expect(within(card).getByRole('button', { name: words.publish.unpublish })).toBeEnabled();
    expect(within(card).queryByTestId('website-unpublished-changes')).toBeNull();

    const tagline = screen.getByRole('textbox', { name: fieldLabel(words.fields.tagline.title) });
    await user.type(tagline, 'Du pain frais');
    expect(within(card).getByTestId('website-unpublished-changes')).toHaveTextContent(
      words.publish.unpublishedChanges,
    );
    await waitFor(() =>
      expect(screen.getByTestId('website-save-status')).toHaveTextContent(words.save.saved),
    );
    expect(within(card).getByTestId('website-unpublished-changes')).toBeInTheDocument();
  });

  it('sends the last edits before publishing', async () => {
    api.handlers['POST /api/website/publish'] = (init) =>
      published(websiteFixture().content, (init?.body as { slug: string }).slug);
    const { user } = renderWebsite('fr');
    const tagline = await screen.findByRole('textbox', { name: fieldLabel(words.fields.tagline.title) });
    await user.type(tagline, 'Du pain frais');
    await user.click(screen.getByRole('button', { name: words.publish.publish }));
    await screen.findByText(words.publish.publishedNow);
    const order = (api.post.mock.calls as unknown as [string][]).map(([path]) => path);
    expect(order.indexOf('/api/website/draft')).toBeLessThan(order.indexOf('/api/website/publish'));
  });

  it('lists the missing fields and takes the user to them, in the right language tab', async () => {
    const content: WebsiteContent = {
      ...websiteFixture().content,
      languages: ['fr', 'en'],
      texts: {
        fr: { tagline: 'Du pain frais', about: 'Une boulangerie de quartier depuis 2024.', services: [] },
        en: { tagline: 'Fresh bread', about: '', services: [] },
      },
    };
    api.handlers['GET /api/website'] = () => websiteFixture({ content });
    api.handlers['POST /api/website/publish'] = () => {
      throw refusal(422, {
        message: 'Incomplete',
        code: 'WEBSITE_INCOMPLETE',
        fields: { 'texts.en.about': 'Au moins 20 caractères' },
      });
    };
    const { user } = renderWebsite('fr');
    await screen.findByRole('region', { name: words.publish.title });
    await user.click(screen.getByRole('button', { name: words.publish.publish }));

    const alert = await screen.findByTestId('website-incomplete');
    expect(alert).toHaveTextContent(words.errors.WEBSITE_INCOMPLETE);
    // The language named in the interface's words, not its own.
    const fieldLink = within(alert).getByRole('button', { name: 'À propos (anglais)' });
    expect(alert).toHaveTextContent('Au moins 20 caractères');
    // The English texts show, and the wrong field has the focus and its error.
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'true'),
    );
    const panel = screen.getByRole('tabpanel', { name: 'English' });
    const about = within(panel).getByRole('textbox', { name: fieldLabel(words.fields.about.title) });
    await waitFor(() => expect(about).toHaveFocus());
    expect(about).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('tab', { name: 'Français' }));
    await user.click(fieldLink);
    await waitFor(() => expect(about).toHaveFocus());
  });

  it('takes each field off the list once it is filled in, then says the list is done', async () => {
    api.handlers['GET /api/website'] = () =>
      websiteFixture({ content: { ...websiteFixture().content, phone: '', legalForm: '' } });
    api.handlers['POST /api/website/publish'] = () => {
      throw refusal(422, {
        message: 'Incomplete',
        code: 'WEBSITE_INCOMPLETE',
        fields: { phone: 'Champ obligatoire', legalForm: 'Champ obligatoire' },
      });
    };
    const { user } = renderWebsite('fr');
    await screen.findByRole('region', { name: words.publish.title });
    await user.click(screen.getByRole('button', { name: words.publish.publish }));
    const alert = await screen.findByTestId('website-incomplete');
    expect(within(alert).getAllByRole('listitem')).toHaveLength(2);

    await user.type(
      screen.getByRole('textbox', { name: fieldLabel(words.fields.phone.title) }),
      '+33 1 23 45 67 89',
    );
    await waitFor(() => expect(within(alert).getAllByRole('listitem')).toHaveLength(1));
    expect(alert).toHaveTextContent(words.fields.legalForm.title);
    await user.type(screen.getByRole('textbox', { name: fieldLabel(words.fields.legalForm.title) }), 'SAS');
    await waitFor(() => expect(screen.queryByTestId('website-incomplete')).toBeNull());
    expect(screen.getByTestId('website-incomplete-fixed')).toHaveTextContent(words.publish.incompleteFixed);
  });

  it('says the address is the site’s own once published there, not "available"', async () => {
    api.handlers['GET /api/website'] = () => published(websiteFixture().content, 'boulangerie-dupont');
    renderWebsite('fr');
    const card = await screen.findByRole('region', { name: words.publish.title });
    const status = within(card).getByTestId('website-slug-status');
    expect(status).toHaveTextContent(words.slug.current);
    expect(status).not.toHaveTextContent(words.slug.available);
  });

  it.each(['SLUG_TAKEN', 'SLUG_HELD'] as const)(
    'says why the server refused the address (%s)',
    async (code) => {
      api.handlers['POST /api/website/publish'] = () => {
        throw refusal(409, { message: 'Refused', code });
      };
      const { user } = renderWebsite('fr');
      await screen.findByRole('region', { name: words.publish.title });
      await user.click(screen.getByRole('button', { name: words.publish.publish }));
      expect(await screen.findByRole('alert')).toHaveTextContent(words.errors[code]);
    },
  );

  it('takes a published site offline', async () => {
    const online = published(websiteFixture().content, 'boulangerie-dupont');
    api.handlers['GET /api/website'] = () => online;
    api.handlers['POST /api/website/unpublish'] = () => ({ ...online, published: null });
    const { user } = renderWebsite('fr');
    const card = await screen.findByRole('region', { name: words.publish.title });
    expect(within(card).getByRole('textbox', { name: words.slug.label })).toHaveValue('boulangerie-dupont');
    await user.click(within(card).getByRole('button', { name: words.publish.unpublish }));
    expect(await within(card).findByText(words.publish.unpublishedNow)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: words.publish.publish })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /\/sites\// })).toBeNull();
  });
});

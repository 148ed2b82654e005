import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/i18n/languages';
import type { WebsiteContent } from '@/shared/website';
import {
  api,
  callsTo,
  fieldLabel,
  refusal,
  renderWebsite,
  mockWebsiteApi,
  nth,
  websiteFixture,
  WORDS,
} from './website-testing';

mockWebsiteApi();

const savedContents = () =>
  callsTo(api.post, '/api/website/draft').map((init) => (init?.body as { content: WebsiteContent }).content);

const previewHtml = () => screen.getByTestId('website-preview').getAttribute('srcdoc') ?? '';

describe.each(LANGUAGES)('the website builder in %s', (language) => {
  const words = WORDS[language];

  it('opens with the defaults the server filled in: the company name and its registered office', async () => {
    renderWebsite(language);
    expect(await screen.findByRole('heading', { level: 1, name: words.page.title })).toBeInTheDocument();
    const siteName = await screen.findByRole('textbox', { name: fieldLabel(words.fields.siteName.title) });
    expect(siteName).toHaveValue('Boulangerie Dupont');
    expect(screen.getByRole('textbox', { name: fieldLabel(words.fields.address.title) })).toHaveValue(
      '12 rue des Lilas, 75011 Paris',
    );
    // The languages: a group of checkboxes, the site's own ticked.
    const languages = screen.getByRole('group', { name: fieldLabel(words.fields.languages.title) });
    expect(within(languages).getByRole('checkbox', { name: words.languages.fr })).toBeChecked();
    expect(within(languages).getByRole('checkbox', { name: words.languages.en })).not.toBeChecked();
    // The colours: a radio group of named swatches.
    const colors = screen.getByRole('radiogroup', { name: fieldLabel(words.fields.color.title) });
    expect(within(colors).getAllByRole('radio')).toHaveLength(7);
    expect(within(colors).getByRole('radio', { name: words.colors.navy })).toBeChecked();
    expect(screen.getByTestId('website-save-status')).toHaveTextContent(words.save.saved);
    // The preview is the published page, in a frame that allows nothing.
    const frame = screen.getByTestId('website-preview');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(previewHtml()).toContain('Boulangerie Dupont');
  });
});

describe('the website builder', () => {
  const words = WORDS.fr;

  it('adds a tab of texts for a second language', async () => {
    const { user } = renderWebsite('fr');
    const tabs = await screen.findByRole('tablist', { name: words.sections.textsTabs });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Français']);

    await user.click(screen.getByRole('checkbox', { name: words.languages.en }));
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Français', 'English']);
    await user.click(within(tabs).getByRole('tab', { name: 'English' }));
    const panel = screen.getByRole('tabpanel', { name: 'English' });
    expect(within(panel).getByRole('textbox', { name: fieldLabel(words.fields.tagline.title) })).toHaveValue(
      '',
    );
    // The main language stays first; the draft is saved with both.
    await waitFor(() => expect(savedContents().at(-1)?.languages).toEqual(['fr', 'en']));
  });

  it('puts the tab of the site’s main language first, whatever its place in the list of languages', async () => {
    api.handlers['GET /api/website'] = () => {
      const site = websiteFixture();
      return {
        ...site,
        content: {
          ...site.content,
          languages: ['ro', 'fr'],
          texts: { ...site.content.texts, ro: { tagline: '', about: '', services: [], openingHours: '' } },
        },
      };
    };
    renderWebsite('fr');
    const tabs = await screen.findByRole('tablist', { name: words.sections.textsTabs });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Română', 'Français']);
  });

  it('shows the typed tagline in the preview, escaped', async () => {
    const { user } = renderWebsite('fr');
    const tagline = await screen.findByRole('textbox', { name: fieldLabel(words.fields.tagline.title) });
    await user.type(tagline, '<b>Pain & co</b>');
    await waitFor(() => expect(previewHtml()).toContain('&lt;b&gt;Pain &amp; co&lt;/b&gt;'));
    expect(previewHtml()).not.toContain('<b>Pain');
  });

  it('lists services with add and remove buttons, in the texts form', async () => {
    const { user } = renderWebsite('fr');
    const panel = await screen.findByRole('tabpanel', { name: 'Français' });
    await user.click(within(panel).getByRole('button', { name: words.fields.services.add }));
    await user.click(within(panel).getByRole('button', { name: words.fields.services.add }));
    const services = within(panel).getAllByRole('textbox', { name: fieldLabel(words.fields.services.item) });
    expect(services).toHaveLength(2);
    await user.type(nth(services, 0), 'Pain au levain');
    await user.type(nth(services, 1), 'Viennoiseries');
    await user.click(
      within(panel).getByRole('button', { name: words.fields.services.remove.replace('{{number}}', '1') }),
    );
    await waitFor(() =>
      expect(savedContents().at(-1)?.texts.fr?.services).toEqual([
        { name: 'Viennoiseries', description: '', price: '' },
      ]),
    );
    await waitFor(() => expect(previewHtml()).toContain('<h3>Viennoiseries</h3>'));
  });

  it('saves a second after the last change, and keeps the edits when a save fails', async () => {
    let failing = true;
    api.handlers['POST /api/website/draft'] = (init) => {
      if (failing) throw new Error('offline');
      return websiteFixture({ content: (init?.body as { content: WebsiteContent }).content });
    };
    const { user } = renderWebsite('fr');
    const siteName = await screen.findByRole('textbox', { name: fieldLabel(words.fields.siteName.title) });
    await user.clear(siteName);
    await user.type(siteName, 'Dupont & Fils');
    const status = screen.getByTestId('website-save-status');
    expect(status).toHaveTextContent(words.save.pending);
    expect(await screen.findByText(words.save.failed)).toBeInTheDocument();
    expect(siteName).toHaveValue('Dupont & Fils');

    failing = false;
    await user.click(within(status).getByRole('button', { name: words.save.retry }));
    await waitFor(() => expect(status).toHaveTextContent(words.save.saved));
    expect(savedContents().at(-1)?.siteName).toBe('Dupont & Fils');
  });

  it('offers a retry when the website cannot be loaded', async () => {
    let attempts = 0;
    api.handlers['GET /api/website'] = () => {
      attempts += 1;
      if (attempts === 1) throw refusal(500, { message: 'Internal Server Error' });
      return websiteFixture();
    };
    const { user } = renderWebsite('fr');
    expect(await screen.findByText(words.page.loadError)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: words.page.retry }));
    expect(await screen.findByRole('textbox', { name: fieldLabel(words.fields.siteName.title) })).toHaveValue(
      'Boulangerie Dupont',
    );
  });
});

describe('the look and the second language (issue 38)', () => {
  const words = WORDS.fr;

  it('switches the template and orders and hides sections, keeping every text; the preview follows', async () => {
    const { user } = renderWebsite('fr');
    const look = await screen.findByRole('region', { name: words.look.title });
    await user.click(within(look).getByRole('radio', { name: new RegExp(words.look.templates.craft.name) }));
    await waitFor(() => expect(savedContents().at(-1)?.template).toBe('craft'));
    await waitFor(() => expect(previewHtml()).toContain('Georgia'));

    const faq = within(look).getByTestId('website-section-faq');
    await user.click(
      within(faq).getByRole('button', {
        name: words.look.moveUp.replace('{{section}}', words.look.sectionNames.faq),
      }),
    );
    await user.click(within(look).getByRole('switch', { name: words.look.sectionNames.about }));
    await waitFor(() => {
      const sections = savedContents().at(-1)?.sections ?? [];
      expect(sections.map((section) => section.id)).toEqual([
        'about',
        'services',
        'hours',
        'gallery',
        'faq',
        'team',
        'map',
        'contact',
      ]);
      expect(sections.find((section) => section.id === 'about')?.visible).toBe(false);
    });
    // The contact section cannot be hidden; the first cannot go up, the last cannot go down.
    expect(
      within(look).getByRole('switch', { name: new RegExp(words.look.sectionNames.contact) }),
    ).toBeDisabled();
    expect(savedContents().at(-1)?.siteName).toBe('Boulangerie Dupont');
  });

  it('starts a new language from the first one’s texts, names what is left to translate, and before publishing', async () => {
    const content: WebsiteContent = {
      ...websiteFixture().content,
      languages: ['fr', 'en'],
      texts: {
        fr: {
          tagline: 'Du pain frais',
          about: 'Une boulangerie de quartier depuis 2024.',
          services: [{ name: 'Baguette', description: '', price: '1,20 €' }],
          openingHours: '',
        },
      },
    };
    api.handlers['GET /api/website'] = () => websiteFixture({ content });
    const { user } = renderWebsite('fr');
    await user.click(await screen.findByRole('tab', { name: 'English' }));
    const panel = screen.getByRole('tabpanel', { name: 'English' });
    await user.click(
      within(panel).getByRole('button', {
        name: words.translation.copy.replace('{{language}}', words.publish.languageInText.fr),
      }),
    );
    const tagline = await within(panel).findByRole('textbox', {
      name: fieldLabel(words.fields.tagline.title),
    });
    expect(tagline).toHaveValue('Du pain frais');
    const left = within(panel).getByTestId('website-untranslated-en');
    expect(left).toHaveTextContent(
      `${words.fields.tagline.title} · ${words.fields.about.title} · Prestation 1`,
    );
    const warning = screen.getByTestId('website-publish-untranslated-en');
    expect(warning).toHaveTextContent(words.fields.about.title);

    await user.clear(tagline);
    await user.type(tagline, 'Fresh bread');
    await waitFor(() => expect(left).not.toHaveTextContent(words.fields.tagline.title));
    await waitFor(() =>
      expect(savedContents().at(-1)?.texts.en?.untranslated).toEqual(['about', 'services.0.name']),
    );
    expect(savedContents().at(-1)?.texts.en?.tagline).toBe('Fresh bread');
  });

  it('starts a new language from the main language’s texts, even when its tab comes first', async () => {
    // A Romanian site that adds French: the French tab comes first, Romanian stays the main language.
    const content: WebsiteContent = {
      ...websiteFixture().content,
      languages: ['ro', 'fr'],
      texts: { ro: { tagline: 'Pâine proaspătă', about: 'O brutărie de cartier din 2024.', services: [] } },
    };
    api.handlers['GET /api/website'] = () => websiteFixture({ content });
    const { user } = renderWebsite('fr');
    await user.click(await screen.findByRole('tab', { name: 'Français' }));
    const panel = screen.getByRole('tabpanel', { name: 'Français' });
    await user.click(
      within(panel).getByRole('button', {
        name: words.translation.copy.replace('{{language}}', words.publish.languageInText.ro),
      }),
    );
    expect(
      await within(panel).findByRole('textbox', { name: fieldLabel(words.fields.tagline.title) }),
    ).toHaveValue('Pâine proaspătă');
    expect(within(panel).getByTestId('website-untranslated-fr')).toHaveTextContent(words.fields.about.title);
  });
});

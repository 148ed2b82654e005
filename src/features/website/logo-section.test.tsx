import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/i18n/languages';
import { LOGO_MAX_BYTES } from '@/shared/website';
import { LOGO_CODES } from './logo-file';
import {
  api,
  callsTo,
  refusal,
  renderWebsite,
  mockWebsiteApi,
  websiteFixture,
  WORDS,
} from './website-testing';

mockWebsiteApi();

const LOGO = {
  id: '6f1c0a4e-2b7d-4c55-9a31-0c8e2f1d7b90',
  url: '/site-logos/6f1c/header.webp',
  width: 240,
  height: 80,
};

const png = (size = 1024) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' });

const logoInput = () => screen.getByTestId('website-logo-input') as HTMLInputElement;

/** Chooses a file the way the browser reports it, whatever the input's `accept` (a user can pick "all files"). */
const choose = (file: File) => fireEvent.change(logoInput(), { target: { files: [file] } });

describe.each(LANGUAGES)('the logo in %s', (language) => {
  const words = WORDS[language];

  it.each(LOGO_CODES)("says %s in the user's language when the server refuses the file", async (code) => {
    api.handlers['POST /api/website/logo'] = () => {
      throw refusal(code === 'LOGO_TOO_LARGE' ? 413 : 400, { message: 'refused', code });
    };
    renderWebsite(language);
    await screen.findByRole('button', { name: words.logo.choose });
    choose(png());
    const alert = await screen.findByTestId('website-logo-error');
    expect(alert).toHaveTextContent(words.errors[code]);
    expect(alert).toHaveAttribute('role', 'alert');
  });

  it('offers no upload to a user without the website, and says what unlocks it (R3-10)', async () => {
    api.handlers['GET /api/website'] = () => websiteFixture({ canPublish: false });
    renderWebsite(language);
    const section = await screen.findByRole('region', { name: words.logo.title });
    expect(within(section).getByTestId('website-logo-locked')).toHaveTextContent(words.logo.locked);
    expect(within(section).queryByRole('button', { name: words.logo.choose })).toBeNull();
    expect(screen.queryByTestId('website-logo-input')).toBeNull();
    expect(within(section).queryByText(words.logo.hint)).toBeNull();
  });

  it('says the logo comes with the website when the server refuses it (403), with the plans', async () => {
    api.handlers['POST /api/website/logo'] = () => {
      throw refusal(403, { message: 'refused', code: 'WEBSITE_NOT_INCLUDED' });
    };
    renderWebsite(language);
    await screen.findByRole('button', { name: words.logo.choose });
    choose(png());
    const alert = await screen.findByTestId('website-logo-error');
    expect(alert).toHaveTextContent(words.errors.LOGO_NOT_INCLUDED);
    expect(within(alert).getByRole('link', { name: words.publish.seePlans })).toHaveAttribute(
      'href',
      '/plans',
    );
  });

  it('says to wait when too many logos were sent (429)', async () => {
    api.handlers['POST /api/website/logo'] = () => {
      throw refusal(429, { message: 'Too many requests, please retry in 40 seconds.' });
    };
    renderWebsite(language);
    await screen.findByRole('button', { name: words.logo.choose });
    choose(png());
    expect(await screen.findByTestId('website-logo-error')).toHaveTextContent(words.errors.logoTooMany);
  });
});

describe('the logo', () => {
  const words = WORDS.fr;

  it("refuses a file over 2 MB or an SVG before sending it, with the server's words", async () => {
    renderWebsite('fr');
    await screen.findByRole('button', { name: words.logo.choose });
    choose(png(LOGO_MAX_BYTES + 1));
    expect(await screen.findByTestId('website-logo-error')).toHaveTextContent(words.errors.LOGO_TOO_LARGE);
    choose(new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' }));
    await waitFor(() =>
      expect(screen.getByTestId('website-logo-error')).toHaveTextContent(words.errors.LOGO_SVG),
    );
    choose(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    await waitFor(() =>
      expect(screen.getByTestId('website-logo-error')).toHaveTextContent(words.errors.LOGO_TYPE),
    );
    expect(callsTo(api.post, '/api/website/logo')).toHaveLength(0);
    expect(logoInput()).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
  });

  it('lets a user whose website was refunded remove the logo left in the draft, not replace it', async () => {
    api.handlers['GET /api/website'] = () => websiteFixture({ canPublish: false, logo: LOGO });
    api.handlers['POST /api/website/logo/delete'] = () => websiteFixture({ canPublish: false, logo: null });
    const { user } = renderWebsite('fr');
    const section = await screen.findByRole('region', { name: words.logo.title });
    expect(within(section).getByRole('img', { name: words.logo.current })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: words.logo.replace })).toBeNull();
    await user.click(within(section).getByRole('button', { name: words.logo.remove }));
    await waitFor(() => expect(within(section).queryByRole('img', { name: words.logo.current })).toBeNull());
    expect(within(section).getByTestId('website-logo-locked')).toBeInTheDocument();
  });

  it('sends the file itself, shows the new logo and removes it', async () => {
    api.handlers['POST /api/website/logo'] = () => websiteFixture({ logo: LOGO });
    api.handlers['POST /api/website/logo/delete'] = () => websiteFixture({ logo: null });
    const { user } = renderWebsite('fr');
    await screen.findByRole('button', { name: words.logo.choose });
    const file = png();
    await user.upload(logoInput(), file);

    const image = await screen.findByRole('img', { name: words.logo.current });
    expect(image).toHaveAttribute('src', LOGO.url);
    const [sent] = callsTo(api.post, '/api/website/logo') as unknown as {
      body: unknown;
      bodySerializer: (body: unknown) => unknown;
      headers: Record<string, string>;
    }[];
    expect(sent?.body).toBe(file);
    expect(sent?.bodySerializer(file)).toBe(file);
    expect(sent?.headers['Content-Type']).toBe('application/octet-stream');
    expect(screen.getByText(words.logo.uploaded)).toBeInTheDocument();
    // The preview shows it too.
    await waitFor(() =>
      expect(screen.getByTestId('website-preview').getAttribute('srcdoc')).toContain(
        `/site-logos/${LOGO.id}/`,
      ),
    );

    const section = screen.getByRole('region', { name: words.logo.title });
    await user.click(within(section).getByRole('button', { name: words.logo.remove }));
    await waitFor(() => expect(screen.queryByRole('img', { name: words.logo.current })).toBeNull());
    expect(screen.getByText(words.logo.removed)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: words.logo.choose })).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WebsiteContent } from '@/shared/website';
import {
  api,
  callsTo,
  mockWebsiteApi,
  refusal,
  renderWebsite,
  websiteFixture,
  WORDS,
} from './website-testing';

mockWebsiteApi();

const savedContents = () =>
  callsTo(api.post, '/api/website/draft').map((init) => (init?.body as { content: WebsiteContent }).content);

const PHOTO = { id: '2f1c6a1e-5d0b-4d8e-9c55-0a1b2c3d4e5f', width: 960, height: 640, alt: {} };

describe('the gallery in the builder (issue 38)', () => {
  const words = WORDS.fr;

  it('adds a photo, asks its description in each language of the site, and removes it', async () => {
    const start = websiteFixture();
    const content: WebsiteContent = { ...start.content, languages: ['fr', 'en'] };
    api.handlers['GET /api/website'] = () => websiteFixture({ content });
    api.handlers['POST /api/website/photos'] = () =>
      websiteFixture({ content: { ...content, photos: [PHOTO] } });
    api.handlers[`POST /api/website/photos/{photoId}/delete`] = () =>
      websiteFixture({ content: { ...content, photos: [] } });
    const { user } = renderWebsite('fr');
    const gallery = await screen.findByRole('region', { name: words.photos.title });
    expect(within(gallery).getByText(words.photos.none)).toBeInTheDocument();

    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'vitrine.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId('website-photo-input'), file);
    const altFr = await within(gallery).findByRole('textbox', {
      name: words.photos.alt
        .replace('{{number}}', '1')
        .replace('{{language}}', words.publish.languageInText.fr),
    });
    const altEn = within(gallery).getByRole('textbox', {
      name: words.photos.alt
        .replace('{{number}}', '1')
        .replace('{{language}}', words.publish.languageInText.en),
    });
    expect(altEn).toHaveAttribute('lang', 'en');
    await user.type(altFr, 'La vitrine');
    await waitFor(() =>
      expect(savedContents().at(-1)?.photos).toEqual([{ ...PHOTO, alt: { fr: 'La vitrine' } }]),
    );

    await user.click(
      within(gallery).getByRole('button', { name: words.photos.remove.replace('{{number}}', '1') }),
    );
    await waitFor(() => expect(within(gallery).getByText(words.photos.none)).toBeInTheDocument());
    expect(callsTo(api.post, '/api/website/photos/{photoId}/delete')[0]?.params).toEqual({
      path: { photoId: PHOTO.id },
    });
  });

  it('refuses an SVG before sending it', async () => {
    renderWebsite('fr');
    const gallery = await screen.findByRole('region', { name: words.photos.title });
    // Chosen anyway (the file dialog's filter can be switched off): the page refuses it itself.
    fireEvent.change(screen.getByTestId('website-photo-input'), {
      target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    });
    expect(await within(gallery).findByRole('alert')).toHaveTextContent(words.errors.PHOTO_SVG);
    expect(callsTo(api.post, '/api/website/photos')).toHaveLength(0);
  });

  it('says why the server refused a photo, in the user’s words', async () => {
    api.handlers['POST /api/website/photos'] = () => {
      throw refusal(409, { message: 'Full', code: 'PHOTOS_FULL' });
    };
    const { user } = renderWebsite('fr');
    const gallery = await screen.findByRole('region', { name: words.photos.title });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId('website-photo-input'), photo);
    expect(await within(gallery).findByRole('alert')).toHaveTextContent(
      words.errors.PHOTOS_FULL.replace('{{count}}', '12'),
    );
  });
});

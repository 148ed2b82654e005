import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import enInfo from '../../../locales/en/info.json';
import frInfo from '../../../locales/fr/info.json';
import roInfo from '../../../locales/ro/info.json';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { Language } from '@/lib/i18n/languages';
import { renderWithProviders } from '@/testing/render';
import { ContactPage } from './contact-page';

const INFO = { fr: frInfo, en: enInfo, ro: roInfo };

let post: MockInstance<typeof apiClient.POST>;
beforeEach(() => {
  post = vi.spyOn(apiClient, 'POST');
  vi.spyOn(apiClient, 'GET').mockRejectedValue(new Error('offline'));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));

async function fillAndSend(language: Language, user: ReturnType<typeof renderWithProviders>['user']) {
  const words = INFO[language].contact;
  await user.type(field(words.fields.name), 'Ioana Marin');
  await user.type(field(words.fields.email), 'ioana@example.com');
  await user.type(field(words.fields.subject), 'Statut');
  await user.type(field(words.fields.message), 'Pot modifica statutul după plată?');
  await user.click(screen.getByRole('button', { name: words.submit }));
}

describe.each(['fr', 'en', 'ro'] as Language[])('ContactPage in %s', (language) => {
  const words = INFO[language].contact;

  it('sends the message in the interface language and shows its reference', async () => {
    post.mockResolvedValue({
      data: { message: 'ok', reference: 'C-1A2B3C4D' },
      response: new Response(),
    } as never);
    const { user } = renderWithProviders(<ContactPage />, { language, route: '/contact' });
    await fillAndSend(language, user);
    expect(await screen.findByText(words.sent.replace('{{reference}}', 'C-1A2B3C4D'))).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/contact', {
      body: {
        name: 'Ioana Marin',
        email: 'ioana@example.com',
        subject: 'Statut',
        message: 'Pot modifica statutul după plată?',
        language,
      },
    });
  });
});

describe('ContactPage', () => {
  it('checks the fields before sending anything', async () => {
    const { user } = renderWithProviders(<ContactPage />, { language: 'ro', route: '/contact' });
    await user.type(field(roInfo.contact.fields.email), 'ioana@');
    await user.type(field(roInfo.contact.fields.message), 'Scurt');
    await user.click(screen.getByRole('button', { name: roInfo.contact.submit }));
    expect(await screen.findByText(roInfo.contact.errors.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText('Cel puțin 10 caractere')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('keeps what was typed when sending fails, and says why', async () => {
    post.mockRejectedValue(new ApiError('Vous avez envoyé beaucoup de messages…', 'http', 429, {}));
    const { user } = renderWithProviders(<ContactPage />, { language: 'fr', route: '/contact' });
    await fillAndSend('fr', user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Vous avez envoyé beaucoup de messages…');
    expect(field(frInfo.contact.fields.message)).toHaveValue('Pot modifica statutul după plată?');

    post.mockRejectedValue(new ApiError('Network response was not ok', 'network'));
    await user.click(screen.getByRole('button', { name: frInfo.contact.submit }));
    expect(await screen.findByText(frInfo.contact.errors.failed)).toBeInTheDocument();
    expect(field(frInfo.contact.fields.name)).toHaveValue('Ioana Marin');
  });

  it('shows a message sent without JavaScript (/contact?sent=…) as sent', () => {
    renderWithProviders(<ContactPage />, { language: 'en', route: '/contact?sent=C-0F0F0F0F' });
    expect(screen.getByText(enInfo.contact.sent.replace('{{reference}}', 'C-0F0F0F0F'))).toBeInTheDocument();
  });

  it('hides the bot trap from people and assistive technology', () => {
    renderWithProviders(<ContactPage />, { language: 'en', route: '/contact' });
    const trap = document.getElementById('contact-website');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: enInfo.contact.fields.website })).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/i18n/languages';
import type { WebsiteMessage, WebsiteMessageList } from './website-api';
import { api, callsTo, mockWebsiteApi, nth, renderWebsite, websiteFixture, WORDS } from './website-testing';

mockWebsiteApi();

const MESSAGES: WebsiteMessage[] = [
  {
    id: '0b6f4d1e-1111-4c2a-9d7e-000000000001',
    name: 'Alice Martin',
    email: 'alice@example.fr',
    message: 'Bonjour,\nfaites-vous des gâteaux sur commande ?',
    language: 'fr',
    receivedAt: '2026-11-18T09:00:00.000Z',
    read: true,
  },
  {
    id: '0b6f4d1e-1111-4c2a-9d7e-000000000002',
    name: 'Bob <script>',
    email: 'bob+devis@example.com',
    message: '<img src=x onerror=alert(1)> A quote for 40 croissants, please.',
    language: 'en',
    receivedAt: '2026-11-20T15:45:00.000Z',
    read: false,
  },
  {
    id: '0b6f4d1e-1111-4c2a-9d7e-000000000003',
    name: 'Ioana Popescu',
    email: 'ioana@example.ro',
    message: 'Bună ziua! Livrați și în weekend?',
    language: 'ro',
    receivedAt: '2026-11-19T12:00:00.000Z',
    read: false,
  },
];

const listOf = (messages: WebsiteMessage[]): WebsiteMessageList => ({
  messages,
  unread: messages.filter((message) => !message.read).length,
});

describe.each(LANGUAGES)('received messages in %s', (language) => {
  const words = WORDS[language];

  it('lists them newest first, counts the unread ones and marks one read when opened', async () => {
    let messages = MESSAGES.map((message) => ({ ...message }));
    api.handlers['GET /api/website'] = () => websiteFixture({ unreadMessages: 2 });
    api.handlers['GET /api/website/messages'] = () => listOf(messages);
    api.handlers['POST /api/website/messages/{id}/read'] = (init) => {
      const id = init?.params?.path?.id;
      messages = messages.map((message) => (message.id === id ? { ...message, read: true } : message));
      return listOf(messages);
    };
    const { user } = renderWebsite(language);

    const section = await screen.findByRole('region', { name: words.messages.title });
    const unreadBadge = await within(section).findByTestId('website-messages-unread');
    expect(unreadBadge).toHaveTextContent(words.messages.unread.replace('{{count}}', '2'));
    expect(screen.getByTestId('website-unread-badge')).toHaveTextContent(
      words.page.unread.replace('{{count}}', '2'),
    );
    expect(screen.getByTestId('website-unread-badge')).toHaveAttribute('href', '#website-messages');

    const controls = within(section).getAllByRole('button', { name: /Bob|Ioana|Alice/ });
    expect(controls.map((control) => control.textContent?.match(/Bob|Ioana|Alice/)?.[0])).toEqual([
      'Bob',
      'Ioana',
      'Alice',
    ]);
    expect(controls[0]).toHaveTextContent(words.messages.new);
    expect(controls[2]).not.toHaveTextContent(words.messages.new);
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(nth(MESSAGES, 1).receivedAt),
    );
    expect(controls[0]).toHaveTextContent(date);

    await user.click(nth(controls, 0));
    await waitFor(() =>
      expect(unreadBadge).toHaveTextContent(words.messages.unread.replace('{{count}}', '1')),
    );
    expect(callsTo(api.post, '/api/website/messages/{id}/read')).toEqual([
      { params: { path: { id: nth(MESSAGES, 1).id } } },
    ]);
    expect(screen.getByTestId('website-unread-badge')).toHaveTextContent(
      words.page.unread.replace('{{count}}', '1'),
    );
    expect(controls[0]).not.toHaveTextContent(words.messages.new);

    // The sender's words are text: nothing of them becomes markup.
    const opened = within(section).getByText(/A quote for 40 croissants/);
    expect(opened).toHaveTextContent('<img src=x onerror=alert(1)> A quote for 40 croissants, please.');
    expect(section.querySelector('img, script')).toBeNull();
    // The panel is named once its opening transition ends.
    expect(await within(section).findByRole('link', { name: 'bob+devis@example.com' })).toHaveAttribute(
      'href',
      'mailto:bob%2Bdevis@example.com',
    );

    // Opening a message already read asks nothing more.
    await user.click(nth(controls, 2));
    expect(callsTo(api.post, '/api/website/messages/{id}/read')).toHaveLength(1);
  });

  it('says when there is nothing yet', async () => {
    renderWebsite(language);
    const section = await screen.findByRole('region', { name: words.messages.title });
    expect(await within(section).findByText(words.messages.empty)).toBeInTheDocument();
    expect(screen.queryByTestId('website-unread-badge')).toBeNull();
  });
});

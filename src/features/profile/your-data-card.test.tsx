import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import frCommon from '../../../locales/fr/common.json';
import frProfile from '../../../locales/fr/profile.json';
import roCommon from '../../../locales/ro/common.json';
import roProfile from '../../../locales/ro/profile.json';
import { RouteNotice } from '@/components/route-notice';
import { apiClient } from '@/lib/api/client';
import { ApiError, NETWORK_NOT_OK_MESSAGE } from '@/lib/api/errors';
import { ACCESS_TOKEN_STORAGE_KEY, accessTokenAtom, endSession, sessionStore } from '@/lib/session/session';
import { epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import { YourDataCard } from './your-data-card';

/** French, the default, and Romanian, whose words carry ș, ț and ă. */
const PROFILE = { fr: frProfile, ro: roProfile } satisfies Record<string, typeof frProfile>;
const COMMON = { fr: frCommon, ro: roCommon } satisfies Record<string, typeof frCommon>;
type TestLanguage = keyof typeof PROFILE;
const LANGS = Object.keys(PROFILE) as TestLanguage[];

/** The name of the saved file on 25 November 2026, in each language. */
const FILE_NAME: Record<TestLanguage, string> = {
  fr: 'kreo-mes-donnees-2026-11-25.json',
  ro: 'kreo-datele-mele-2026-11-25.json',
};

const PASSWORD = 'Kreo-motdepasse-2026';
const TOKEN = unsignedJwt({ sub: 'user-1', firstname: 'Élodie', products: [], exp: epochSeconds(900) });
const HOME_MARKER = 'The home page';

let get: MockInstance<typeof apiClient.GET>;
let post: MockInstance<typeof apiClient.POST>;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  get = vi.spyOn(apiClient, 'GET').mockImplementation((async (path: string) => {
    throw new Error(`unexpected GET ${path}`);
  }) as never);
  post = vi.spyOn(apiClient, 'POST').mockImplementation((async (path: string) => {
    throw new Error(`unexpected POST ${path}`);
  }) as never);
  consoleError = vi.spyOn(console, 'error');
  sessionStore.set(accessTokenAtom, TOKEN);
});

afterEach(() => {
  vi.useRealTimers();
  // Every word on the page resolved in the locale files.
  const missing = consoleError.mock.calls.filter(([message]) => String(message).includes('[i18n]'));
  expect(missing).toEqual([]);
  endSession();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The error messages shown under the field whose control is `input`. */
function errorsOf(input: HTMLElement): string[] {
  const box = document.getElementById(`${input.id}__error`);
  return box ? [...box.children].map((line) => line.textContent ?? '') : [];
}

/** The card on /user-profile, and a home page that shows the notice a page leaves for it. */
function renderCard(language: TestLanguage) {
  const view = renderWithProviders(
    <Routes>
      <Route path="/user-profile" element={<YourDataCard />} />
      <Route
        path="/"
        element={
          <>
            <RouteNotice />
            <p>{HOME_MARKER}</p>
          </>
        }
      />
    </Routes>,
    { language, route: '/user-profile', store: sessionStore },
  );
  const words = PROFILE[language];
  const card = () => screen.getByRole('region', { name: words.data.title });
  const dialog = () => screen.getByRole('dialog', { name: words.deleteAccount.title });
  const passwordField = () =>
    within(dialog()).getByLabelText(new RegExp(`^${escapeRegExp(words.deleteAccount.password)}( \\*)?$`));
  const openDeletion = async () => {
    await view.user.click(within(card()).getByRole('button', { name: words.data.delete }));
    const opened = await screen.findByRole('dialog', { name: words.deleteAccount.title });
    // The modal fades in: its text is visible once the transition ends (slow on a busy machine).
    await waitFor(() => expect(within(opened).getByText(words.deleteAccount.intro)).toBeVisible());
    return opened;
  };
  const confirm = () =>
    view.user.click(within(dialog()).getByRole('button', { name: words.deleteAccount.confirm }));
  return { ...view, words, card, dialog, passwordField, openDeletion, confirm };
}

/** Every POST the card made, as (path, options) pairs. */
const posted = () => post.mock.calls as unknown as [string, { body?: unknown }?][];

const deletionCalls = () => posted().filter(([path]) => path === '/api/user/delete-account');

describe.each(LANGS)('the "your data" card in %s', (language) => {
  const words = PROFILE[language];

  describe('downloading my data', () => {
    it(`saves what GET /api/user/export answers as ${FILE_NAME[language]}`, async () => {
      // Late evening: the file is named after the user's day, not the UTC one.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2026, 10, 25, 23, 30));
      const exported = new Blob(['{"account":{"email":"elodie.dupont@example.fr"}}'], {
        type: 'application/json',
      });
      get.mockImplementation((async (path: string) => {
        if (path !== '/api/user/export') throw new Error(`unexpected GET ${path}`);
        return { data: exported, response: new Response() };
      }) as never);
      const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:kreo-export');
      vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
      const saved: { href: string; download: string }[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.href, download: this.download });
      });
      const { user, card } = renderCard(language);

      await user.click(within(card()).getByRole('button', { name: words.data.download }));

      expect(await within(card()).findByRole('status')).toHaveTextContent(words.messages.exportSuccess);
      expect(get).toHaveBeenCalledWith('/api/user/export', { parseAs: 'blob' });
      // The server's JSON as it was sent, under the language's name for it.
      expect(createUrl).toHaveBeenCalledWith(exported);
      expect(saved).toEqual([{ href: 'blob:kreo-export', download: FILE_NAME[language] }]);
      expect(within(card()).queryByRole('alert')).not.toBeInTheDocument();
    });

    it(`says "${words.messages.exportError}" when the export fails`, async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      get.mockRejectedValue(new ApiError(`${NETWORK_NOT_OK_MESSAGE} Internal Server Error`, 'http', 500));
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const { user, card } = renderCard(language);

      await user.click(within(card()).getByRole('button', { name: words.data.download }));

      const alert = await within(card()).findByRole('alert');
      expect(alert).toHaveTextContent(words.messages.exportError);
      expect(alert).not.toHaveTextContent(NETWORK_NOT_OK_MESSAGE);
      expect(click).not.toHaveBeenCalled();
      expect(within(card()).getByRole('button', { name: words.data.download })).toBeEnabled();
    });
  });

  describe('deleting my account', () => {
    it('explains what is deleted and what the law keeps, and asks for the password', async () => {
      const { openDeletion, passwordField, confirm, user, dialog } = renderCard(language);
      await openDeletion();

      expect(within(dialog()).getByText(words.deleteAccount.intro)).toBeVisible();
      expect(within(dialog()).getByRole('heading', { name: words.deleteAccount.deletedTitle })).toBeVisible();
      expect(within(dialog()).getByText(words.deleteAccount.deleted)).toBeVisible();
      expect(within(dialog()).getByRole('heading', { name: words.deleteAccount.keptTitle })).toBeVisible();
      // The accounting laws of both countries, named.
      const kept = within(dialog()).getByText(words.deleteAccount.kept);
      expect(kept).toHaveTextContent('L. 123-22');
      expect(kept).toHaveTextContent('82/1991');
      expect(passwordField()).toHaveAttribute('type', 'password');
      expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');

      await confirm();
      expect(errorsOf(passwordField())).toEqual([words.deleteAccount.passwordRequired]);
      expect(deletionCalls()).toEqual([]);

      // Cancel closes it, and nothing is deleted.
      await user.click(within(dialog()).getByRole('button', { name: words.deleteAccount.cancel }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: words.deleteAccount.title })).not.toBeInTheDocument(),
      );
      expect(deletionCalls()).toEqual([]);
      expect(sessionStore.get(accessTokenAtom)).toBe(TOKEN);
    });

    it.each([
      [
        'a wrong password (403)',
        new ApiError('The current password is wrong', 'http', 403, { code: 'CURRENT_PASSWORD_WRONG' }),
        words.messages.currentPasswordWrong,
      ],
      [
        'too many attempts (429)',
        new ApiError('Too Many Requests', 'http', 429),
        words.messages.tooManyAttempts,
      ],
    ])('keeps the modal open and the session after %s', async (_case, failure, expected) => {
      post.mockRejectedValue(failure);
      const { openDeletion, passwordField, confirm, user, dialog } = renderCard(language);
      await openDeletion();

      await user.type(passwordField(), 'not-my-password');
      await confirm();

      const alert = await within(dialog()).findByRole('alert');
      expect(alert).toHaveTextContent(words.messages.deleteError);
      expect(within(alert).getByText(expected)).toBeVisible();
      expect(alert).not.toHaveTextContent(failure.message);
      expect(passwordField()).toHaveValue('not-my-password');
      expect(within(dialog()).getByRole('button', { name: words.deleteAccount.confirm })).toBeEnabled();
      expect(sessionStore.get(accessTokenAtom)).toBe(TOKEN);
      expect(screen.queryByText(HOME_MARKER)).not.toBeInTheDocument();
    });

    it('deletes with the password, ends the session and says so on the home page', async () => {
      post.mockImplementation((async (path: string) => {
        if (path !== '/api/user/delete-account') throw new Error(`unexpected POST ${path}`);
        return { data: { message: 'Your account has been deleted.' }, response: new Response() };
      }) as never);
      const { openDeletion, passwordField, confirm, user } = renderCard(language);
      await openDeletion();

      await user.type(passwordField(), PASSWORD);
      await confirm();

      expect(await screen.findByText(HOME_MARKER)).toBeInTheDocument();
      expect(deletionCalls()).toEqual([['/api/user/delete-account', { body: { password: PASSWORD } }]]);
      // Ended here as logout does: no token in memory or in sessionStorage, and no new one asked for.
      expect(sessionStore.get(accessTokenAtom)).toBeNull();
      expect(window.sessionStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
      expect(posted().map(([path]) => path)).toEqual(['/api/user/delete-account']);

      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent(COMMON[language].notices.accountDeleted);
      await user.click(within(notice).getByRole('button', { name: COMMON[language].notices.dismiss }));
      expect(screen.queryByText(COMMON[language].notices.accountDeleted)).not.toBeInTheDocument();
    });
  });
});

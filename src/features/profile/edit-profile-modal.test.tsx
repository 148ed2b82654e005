import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import frProfile from '../../../locales/fr/profile.json';
import roProfile from '../../../locales/ro/profile.json';
import { apiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { renderWithProviders } from '@/testing/render';
import { EditProfileModal } from './edit-profile-modal';

type UserInfo = components['schemas']['UserInfo'];

/** French, the default, and Romanian, whose words carry ș, ț and ă. */
const PROFILE = { fr: frProfile, ro: roProfile } satisfies Record<string, typeof frProfile>;
type TestLanguage = keyof typeof PROFILE;
const LANGS = Object.keys(PROFILE) as TestLanguage[];

const USER: UserInfo = {
  firstname: 'Élodie',
  lastname: 'Dupont',
  email: 'elodie.dupont@example.fr',
  isEmailVerified: true,
  phoneNumber: '+33 6 12 34 56 78',
  dateOfBirth: '1990-03-12',
  companyName: 'Boulangerie Dupont SARL',
  language: 'fr',
};

const PASSWORD = 'Kreo-motdepasse-2026';
const NEW_EMAIL = 'elodie@boulangerie-dupont.fr';

let post: MockInstance<typeof apiClient.POST>;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  post = vi.spyOn(apiClient, 'POST').mockImplementation((async () => {
    throw new Error('unexpected call');
  }) as never);
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  // Every word on the page resolved in the locale files.
  const missing = consoleError.mock.calls.filter(([message]) => String(message).includes('[i18n]'));
  expect(missing).toEqual([]);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The error messages shown under the field whose control is `input`. */
function errorsOf(input: HTMLElement): string[] {
  const box = document.getElementById(`${input.id}__error`);
  return box ? [...box.children].map((line) => line.textContent ?? '') : [];
}

/** The bodies POSTed to the update, in order. */
const sentUpdates = () =>
  (post.mock.calls as unknown as [string, { body?: unknown }?][])
    .filter(([path]) => path === '/api/user/update-profile')
    .map(([, init]) => init?.body);

function renderModal(language: TestLanguage) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const view = renderWithProviders(
    <EditProfileModal user={USER} opened onClose={onClose} onSaved={onSaved} />,
    { language, route: '/user-profile' },
  );
  const words = PROFILE[language];
  const dialog = () => screen.getByRole('dialog', { name: words.edit.title });
  /** A control of the modal by its title (a required field's title ends with a hidden asterisk). */
  const label = (name: keyof typeof words.fields) =>
    new RegExp(`^${escapeRegExp(words.fields[name])}( \\*)?$`);
  const field = (name: keyof typeof words.fields) => within(dialog()).getByLabelText(label(name));
  const passwordField = () => within(dialog()).queryByLabelText(label('currentPassword'));
  const retypeEmail = async (address: string) => {
    await view.user.clear(field('email'));
    await view.user.type(field('email'), address);
  };
  const save = () => view.user.click(within(dialog()).getByRole('button', { name: words.edit.save }));
  return { ...view, words, dialog, field, passwordField, retypeEmail, save, onSaved, onClose };
}

describe.each(LANGS)('the edit modal in %s: changing the e-mail address', (language) => {
  const words = PROFILE[language];

  it('asks for the current password only while the address differs from the account’s', async () => {
    const { field, passwordField, retypeEmail, save, user, dialog } = renderModal(language);

    expect(await screen.findByRole('dialog', { name: words.edit.title })).toBeVisible();
    expect(passwordField()).not.toBeInTheDocument();

    // The same address in other letters' case is no change (the server compares them so).
    await retypeEmail(USER.email.toUpperCase());
    expect(passwordField()).not.toBeInTheDocument();

    await retypeEmail(NEW_EMAIL);
    const password = passwordField();
    expect(password).toBeVisible();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(within(dialog()).getByText(words.help.currentPassword)).toBeVisible();

    // Required: Save sends nothing without it.
    await save();
    expect(errorsOf(field('currentPassword'))).toEqual([words.errors.currentPasswordRequired]);
    expect(post).not.toHaveBeenCalled();

    // Typed, then the address put back: the field and what was typed in it go.
    await user.type(field('currentPassword'), PASSWORD);
    await retypeEmail(USER.email);
    expect(passwordField()).not.toBeInTheDocument();
    await retypeEmail(NEW_EMAIL);
    expect(field('currentPassword')).toHaveValue('');
  });

  it('focuses the first wrong field in the order shown, not the password asked last', async () => {
    const { field, retypeEmail, save, user } = renderModal(language);
    expect(await screen.findByRole('dialog', { name: words.edit.title })).toBeVisible();
    await user.clear(field('firstname'));
    await retypeEmail('ana@example');
    await save();
    await waitFor(() => expect(document.activeElement?.id).toBe(field('firstname').id));
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the current password with the new address, and only then', async () => {
    post.mockImplementation((async (_path: string, init?: { body?: object }) => ({
      data: { ...USER, ...init?.body, isEmailVerified: false },
      response: new Response(),
    })) as never);
    const { field, retypeEmail, save, user, onSaved } = renderModal(language);

    await retypeEmail(`  ${NEW_EMAIL} `);
    await user.type(field('currentPassword'), PASSWORD);
    await save();

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sentUpdates()).toEqual([
      {
        firstname: USER.firstname,
        lastname: USER.lastname,
        email: NEW_EMAIL,
        phoneNumber: USER.phoneNumber,
        dateOfBirth: USER.dateOfBirth,
        companyName: USER.companyName,
        currentPassword: PASSWORD,
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ email: NEW_EMAIL }));
  });

  it('keeps the modal open, with what was typed, when the current password is wrong (403)', async () => {
    post.mockRejectedValue(
      new ApiError('The current password is wrong', 'http', 403, {
        message: 'The current password is wrong',
        error: 'Forbidden',
        code: 'CURRENT_PASSWORD_WRONG',
      }),
    );
    const { field, retypeEmail, save, user, dialog, onSaved, onClose } = renderModal(language);

    await user.clear(field('firstname'));
    await user.type(field('firstname'), 'Élise');
    await retypeEmail(NEW_EMAIL);
    await user.type(field('currentPassword'), 'not-my-password');
    await save();

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent(words.messages.updateError);
    expect(within(alert).getByText(words.messages.currentPasswordWrong)).toBeVisible();
    // The server's English wording is not shown.
    expect(alert).not.toHaveTextContent('The current password is wrong');
    expect(field('firstname')).toHaveValue('Élise');
    expect(field('email')).toHaveValue(NEW_EMAIL);
    expect(field('currentPassword')).toHaveValue('not-my-password');
    expect(within(dialog()).getByRole('button', { name: words.edit.save })).toBeEnabled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a missing password (400 CURRENT_PASSWORD_REQUIRED)',
      new ApiError('Current password required', 'http', 400, { code: 'CURRENT_PASSWORD_REQUIRED' }),
      words.errors.currentPasswordRequired,
    ],
    [
      'too many changes (429)',
      new ApiError('Too Many Requests', 'http', 429, { message: 'Too Many Requests' }),
      words.messages.tooManyAttempts,
    ],
  ])('tells %s in words of its own, keeping what was typed', async (_case, failure, expected) => {
    post.mockRejectedValue(failure);
    const { field, retypeEmail, save, user, dialog } = renderModal(language);

    await retypeEmail(NEW_EMAIL);
    await user.type(field('currentPassword'), PASSWORD);
    await save();

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent(words.messages.updateError);
    expect(within(alert).getByText(expected)).toBeVisible();
    expect(field('email')).toHaveValue(NEW_EMAIL);
    expect(field('currentPassword')).toHaveValue(PASSWORD);
  });
});

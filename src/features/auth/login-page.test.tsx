import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import enAuth from '../../../locales/en/auth.json';
import frAuth from '../../../locales/fr/auth.json';
import roAuth from '../../../locales/ro/auth.json';
import { apiClient } from '@/lib/api/client';
import { ApiError, NETWORK_NOT_OK_MESSAGE } from '@/lib/api/errors';
import type { Language } from '@/lib/i18n/languages';
import { ACCESS_TOKEN_STORAGE_KEY, accessTokenAtom, endSession, sessionStore } from '@/lib/session/session';
import { epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import { LoginPage } from './login-page';

const AUTH = { fr: frAuth, en: enAuth, ro: roAuth } satisfies Record<Language, typeof frAuth>;
const LANGS = Object.keys(AUTH) as Language[];

let post: MockInstance<typeof apiClient.POST>;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  post = vi.spyOn(apiClient, 'POST');
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  // Every word on the page resolved in the locale files.
  const missing = consoleError.mock.calls.filter(([message]) => String(message).includes('[i18n]'));
  expect(missing).toEqual([]);
  endSession();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The control a field title labels (a required field's title ends with an asterisk hidden from screen readers). */
const control = (title: string) => screen.getByLabelText(new RegExp(`^${escapeRegExp(title)}( \\*)?$`));

/** The error messages shown under the field whose control is `input`. */
function errorsOf(input: HTMLElement): string[] {
  const box = document.getElementById(`${input.id}__error`);
  return box ? [...box.children].map((line) => line.textContent ?? '') : [];
}

const sessionToken = () => sessionStore.get(accessTokenAtom);

function renderLogin(language: Language) {
  const view = renderWithProviders(<LoginPage />, { language, route: '/login' });
  const words = AUTH[language].login;
  return {
    ...view,
    words,
    email: () => control(words.fields.email),
    password: () => control(words.fields.password),
    submit: () => screen.getByRole('button', { name: words.submit }),
  };
}

describe.each(LANGS)('LoginPage in %s', (language) => {
  const words = AUTH[language].login;

  it('shows e-mail, password, language and the links to reset the password and to sign up', () => {
    const { email, password, submit } = renderLogin(language);

    expect(screen.getByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
    expect(email()).toHaveAttribute('type', 'email');
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('combobox', { name: AUTH[language].fields.language })).toHaveValue(language);
    expect(screen.getByRole('link', { name: words.forgotPassword })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: words.signupLink })).toHaveAttribute('href', '/signup');
    expect(submit()).toBeEnabled();
  });

  it(`asks for a valid e-mail ("${words.errors.emailInvalid}") and a 6-character password`, async () => {
    const { user, email, password, submit } = renderLogin(language);

    // Empty fields read the same messages.
    await user.click(submit());
    expect(errorsOf(email())).toEqual([words.errors.emailInvalid]);
    expect(errorsOf(password())).toEqual([words.errors.passwordTooShort]);

    await user.type(email(), 'camille@example');
    await user.type(password(), 'abc12');
    await user.click(submit());
    expect(errorsOf(email())).toEqual([words.errors.emailInvalid]);
    expect(errorsOf(password())).toEqual([words.errors.passwordTooShort]);
    expect(post).not.toHaveBeenCalled();

    await user.clear(email());
    await user.type(email(), 'camille@example.com');
    await user.type(password(), '3');
    expect(errorsOf(email())).toEqual([]);
    expect(errorsOf(password())).toEqual([]);
  });

  it('starts the session with the answer, sending the language of the page', async () => {
    const token = unsignedJwt({ sub: 'user-1', firstname: 'Camille', products: [], exp: epochSeconds(900) });
    post.mockResolvedValue({ data: { accessToken: token }, response: new Response() } as never);
    const { user, email, password, submit } = renderLogin(language);

    await user.type(email(), '  camille@example.com');
    await user.type(password(), 'secret1');
    expect(sessionToken()).toBeNull();
    await user.click(submit());

    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/auth/login', {
      body: { email: 'camille@example.com', password: 'secret1', language },
    });
    expect(sessionToken()).toBe(token);
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe(token);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it(`answers a refusal (401) with "${words.errors.invalidCredentials}", inside the page`, async () => {
    post.mockRejectedValue(new ApiError('Unauthorized', 'http', 401, { message: 'Unauthorized' }));
    const { user, email, password, submit } = renderLogin(language);

    await user.type(email(), 'camille@example.com');
    await user.type(password(), 'wrong-password');
    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(words.errors.invalidCredentials);
    expect(alert).not.toHaveTextContent('Unauthorized');
    expect(sessionToken()).toBeNull();
    expect(email()).toHaveValue('camille@example.com');
    expect(submit()).toBeEnabled();
  });

  it('tells that the server cannot be reached when the network fails', async () => {
    post.mockRejectedValue(new ApiError(NETWORK_NOT_OK_MESSAGE, 'network'));
    const { user, email, password, submit } = renderLogin(language);

    await user.type(email(), 'camille@example.com');
    await user.type(password(), 'secret1');
    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(AUTH[language].errors.network)).toBeInTheDocument();
    expect(alert).not.toHaveTextContent(words.errors.invalidCredentials);
    expect(sessionToken()).toBeNull();
  });

  it('switches the interface language from the language field, keeping what was typed', async () => {
    const others = LANGS.filter((other) => other !== language);
    post.mockResolvedValue({ data: { accessToken: 'token' }, response: new Response() } as never);
    const { user, i18n, email, password } = renderLogin(language);

    await user.type(email(), 'camille@example.com');
    await user.type(password(), 'secret1');

    let current = language;
    for (const other of others) {
      await user.selectOptions(screen.getByRole('combobox', { name: AUTH[current].fields.language }), other);
      current = other;

      expect(i18n.language).toBe(other);
      const otherWords = AUTH[other].login;
      expect(screen.getByRole('heading', { level: 1, name: otherWords.title })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: otherWords.submit })).toBeInTheDocument();
      expect(control(otherWords.fields.email)).toHaveValue('camille@example.com');
      expect(control(otherWords.fields.password)).toHaveValue('secret1');
      expect(screen.getByRole('combobox', { name: AUTH[other].fields.language })).toHaveValue(other);
    }

    await user.click(screen.getByRole('button', { name: AUTH[current].login.submit }));
    expect(post).toHaveBeenCalledWith('/api/auth/login', {
      body: { email: 'camille@example.com', password: 'secret1', language: current },
    });
  });

  it('re-words the errors already shown when the language changes', async () => {
    const other: Language = language === 'fr' ? 'ro' : 'fr';
    const { user, email, submit } = renderLogin(language);

    await user.type(email(), 'camille');
    await user.click(submit());
    expect(errorsOf(email())).toEqual([words.errors.emailInvalid]);

    await user.selectOptions(screen.getByRole('combobox', { name: AUTH[language].fields.language }), other);

    const otherWords = AUTH[other].login;
    expect(errorsOf(control(otherWords.fields.email))).toEqual([otherWords.errors.emailInvalid]);
    expect(errorsOf(control(otherWords.fields.password))).toEqual([otherWords.errors.passwordTooShort]);
    expect(control(otherWords.fields.email)).toHaveValue('camille');
  });
});

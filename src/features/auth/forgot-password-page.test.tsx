import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import enAuth from '../../../locales/en/auth.json';
import frAuth from '../../../locales/fr/auth.json';
import roAuth from '../../../locales/ro/auth.json';
import { apiClient } from '@/lib/api/client';
import { ApiError, NETWORK_NOT_OK_MESSAGE } from '@/lib/api/errors';
import type { Language } from '@/lib/i18n/languages';
import { renderWithProviders } from '@/testing/render';
import { ForgotPasswordPage } from './forgot-password-page';

const AUTH = { fr: frAuth, en: enAuth, ro: roAuth } satisfies Record<Language, typeof frAuth>;
const LANGS = Object.keys(AUTH) as Language[];

let post: MockInstance<typeof apiClient.POST>;
let consoleError: MockInstance<typeof console.error>;
let consoleWarn: MockInstance<typeof console.warn>;

beforeEach(() => {
  post = vi.spyOn(apiClient, 'POST');
  consoleError = vi.spyOn(console, 'error');
  consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
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

function renderForgot(language: Language) {
  const view = renderWithProviders(<ForgotPasswordPage />, { language, route: '/forgot-password' });
  const words = AUTH[language].forgotPassword;
  return {
    ...view,
    email: () => screen.getByLabelText(new RegExp(`^${escapeRegExp(words.fields.email)}( \\*)?$`)),
    submit: () => screen.getByRole('button', { name: words.submit }),
  };
}

describe.each(LANGS)('ForgotPasswordPage in %s', (language) => {
  const words = AUTH[language].forgotPassword;

  it('shows one e-mail field, the "Send Reset Link" button and the way back to log in', () => {
    const { email, submit } = renderForgot(language);

    expect(screen.getByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
    expect(email()).toHaveAttribute('type', 'email');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(submit()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: AUTH[language].backToLogin })).toHaveAttribute('href', '/login');
  });

  it(`asks for a valid e-mail with "${words.errors.emailInvalid}"`, async () => {
    const { user, email, submit } = renderForgot(language);

    await user.click(submit());
    expect(errorsOf(email())).toEqual([words.errors.emailInvalid]);

    for (const invalid of ['camille', 'camille@example', 'camille martin@example.com', '@example.com']) {
      await user.clear(email());
      await user.type(email(), invalid);
      expect(errorsOf(email()), invalid).toEqual([words.errors.emailInvalid]);
    }
    await user.click(submit());
    expect(post).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.clear(email());
    await user.type(email(), 'camille@example.com');
    expect(errorsOf(email())).toEqual([]);
  });

  it('sends the e-mail and shows the confirmation', async () => {
    post.mockResolvedValue({ data: undefined, response: new Response(null, { status: 204 }) } as never);
    const { user, email, submit } = renderForgot(language);

    await user.type(email(), 'camille@example.com');
    await user.click(submit());

    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/auth/forgot-password', {
      body: { email: 'camille@example.com' },
    });
    expect(await screen.findByRole('status')).toHaveTextContent(words.confirmation);
    // The form is done with.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: words.submit })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['a server error', new ApiError('Internal Server Error', 'http', 500)],
    ['an unknown address (404)', new ApiError('Not Found', 'http', 404)],
    ['a network failure', new ApiError(NETWORK_NOT_OK_MESSAGE, 'network')],
  ])('shows the very same confirmation after %s', async (_case, failure) => {
    post.mockRejectedValue(failure);
    const { user, email, submit } = renderForgot(language);

    await user.type(email(), 'camille@example.com');
    await user.click(submit());

    expect(await screen.findByRole('status')).toHaveTextContent(words.confirmation);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(failure.message)).not.toBeInTheDocument();
    expect(consoleWarn).toHaveBeenCalled();
  });
});

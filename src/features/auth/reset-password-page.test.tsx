import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import enAuth from '../../../locales/en/auth.json';
import enForms from '../../../locales/en/forms.json';
import frAuth from '../../../locales/fr/auth.json';
import frForms from '../../../locales/fr/forms.json';
import roAuth from '../../../locales/ro/auth.json';
import roForms from '../../../locales/ro/forms.json';
import { apiClient } from '@/lib/api/client';
import { ApiError, NETWORK_NOT_OK_MESSAGE } from '@/lib/api/errors';
import type { Language } from '@/lib/i18n/languages';
import { renderWithProviders } from '@/testing/render';
import { ResetPasswordPage } from './reset-password-page';

const AUTH = { fr: frAuth, en: enAuth, ro: roAuth } satisfies Record<Language, typeof frAuth>;
const FORMS = { fr: frForms, en: enForms, ro: roForms } satisfies Record<Language, typeof frForms>;
const LANGS = Object.keys(AUTH) as Language[];

const LOGIN_MARKER = 'The login page';

let post: MockInstance<typeof apiClient.POST>;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  post = vi.spyOn(apiClient, 'POST');
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  vi.useRealTimers();
  // Every word on the page resolved in the locale files.
  const missing = consoleError.mock.calls.filter(([message]) => String(message).includes('[i18n]'));
  expect(missing).toEqual([]);
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

/** The page at `route`, with /login showing a marker so that the redirection can be seen. */
function renderReset(language: Language, route = '/reset-password?token=link-token-123') {
  const view = renderWithProviders(
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/login" element={<p>{LOGIN_MARKER}</p>} />
    </Routes>,
    { language, route },
  );
  const words = AUTH[language].resetPassword;
  return {
    ...view,
    newPassword: () => control(words.fields.newPassword),
    confirmPassword: () => control(words.fields.confirmPassword),
    submit: () => screen.getByRole('button', { name: words.submit }),
  };
}

describe.each(LANGS)('ResetPasswordPage in %s', (language) => {
  const words = AUTH[language].resetPassword;

  it.each([
    ['no token', '/reset-password'],
    ['an empty token', '/reset-password?token='],
    ['a blank token', '/reset-password?token=%20%20'],
  ])(`says "${words.errors.invalidLink}" and shows no form for %s`, (_case, route) => {
    renderReset(language, route);

    expect(screen.getByRole('alert')).toHaveTextContent(words.errors.invalidLink);
    expect(
      screen.queryByLabelText(new RegExp(escapeRegExp(words.fields.newPassword))),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: words.submit })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: words.requestNewLink })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('shows the two password fields, with the rules in a tooltip', () => {
    const { newPassword, confirmPassword, submit } = renderReset(language);

    expect(screen.getByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('type', 'password');
    expect(confirmPassword()).toHaveAttribute('type', 'password');
    expect(submit()).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: FORMS[language].tooltip.label.replace('{{field}}', words.fields.newPassword),
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it(`asks for 8 characters ("${words.errors.passwordTooShort}") and the same confirmation`, async () => {
    const { user, newPassword, confirmPassword, submit } = renderReset(language);

    await user.click(submit());
    expect(errorsOf(newPassword())).toEqual([words.errors.passwordTooShort]);
    expect(errorsOf(confirmPassword())).toEqual([words.errors.passwordsDiffer]);

    // 7 characters: one too few.
    await user.type(newPassword(), 'abc1234');
    await user.type(confirmPassword(), 'abc1234');
    await user.click(submit());
    expect(errorsOf(newPassword())).toEqual([words.errors.passwordTooShort]);
    expect(errorsOf(confirmPassword())).toEqual([]);

    await user.type(newPassword(), '5');
    expect(errorsOf(newPassword())).toEqual([]);
    expect(errorsOf(confirmPassword())).toEqual([words.errors.passwordsDiffer]);
    expect(post).not.toHaveBeenCalled();

    await user.type(confirmPassword(), '5');
    expect(errorsOf(confirmPassword())).toEqual([]);
  });

  it('sets the new password with the token, says so, then goes to /login after 2000 ms', async () => {
    post.mockResolvedValue({ data: undefined, response: new Response(null, { status: 204 }) } as never);
    const { user, newPassword, confirmPassword, submit } = renderReset(language);

    await user.type(newPassword(), 'new-secret');
    await user.type(confirmPassword(), 'new-secret');
    // From here the clock is fake, to see the redirection happen at 2000 ms and not before. Testing
    // Library's async helpers wait on real timers, so this one click is dispatched directly.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(submit());
    await act(async () => {});

    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/auth/reset-password', {
      body: { token: 'link-token-123', newPassword: 'new-secret' },
    });
    expect(screen.getByRole('status')).toHaveTextContent(words.success);
    expect(screen.getByText(words.redirecting)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: words.submit })).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText(LOGIN_MARKER)).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(words.success);

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(LOGIN_MARKER)).toBeInTheDocument();
    expect(screen.queryByText(words.success)).not.toBeInTheDocument();
  });

  it.each([
    ['a refused token (400)', new ApiError('Invalid or expired token', 'http', 400)],
    ['a server error', new ApiError('Internal Server Error', 'http', 500)],
    ['a network failure', new ApiError(NETWORK_NOT_OK_MESSAGE, 'network')],
  ])(`says "${words.errors.invalidLink}" after %s, and stays`, async (_case, failure) => {
    post.mockRejectedValue(failure);
    const { user, newPassword, confirmPassword, submit } = renderReset(language);

    await user.type(newPassword(), 'new-secret');
    await user.type(confirmPassword(), 'new-secret');
    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(words.errors.invalidLink);
    expect(alert).not.toHaveTextContent(failure.message);
    expect(screen.getByRole('link', { name: words.requestNewLink })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(within(document.body).queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(LOGIN_MARKER)).not.toBeInTheDocument();
    expect(newPassword()).toHaveValue('new-secret');
  });

  it(`says "${AUTH[language].errors.passwordTooCommon}" after a common password (400), keeps the link and what was typed`, async () => {
    post.mockRejectedValueOnce(
      new ApiError('Password found in the list of common passwords', 'http', 400, {
        message: 'Password found in the list of common passwords',
        error: 'Bad Request',
        code: 'PASSWORD_TOO_COMMON',
      }),
    );
    const { user, newPassword, confirmPassword, submit } = renderReset(language);

    await user.type(newPassword(), 'password123');
    await user.type(confirmPassword(), 'password123');
    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AUTH[language].errors.passwordTooCommon);
    expect(alert).not.toHaveTextContent('Password found in the list of common passwords');
    // The link still works: no "invalid link", no new link to ask for.
    expect(screen.queryByText(words.errors.invalidLink)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: words.requestNewLink })).not.toBeInTheDocument();
    expect(newPassword()).toHaveValue('password123');
    expect(confirmPassword()).toHaveValue('password123');

    // Another password goes through with the same token.
    post.mockResolvedValueOnce({ data: undefined, response: new Response(null, { status: 204 }) } as never);
    await user.clear(newPassword());
    await user.type(newPassword(), 'Kreo-motdepasse-2026');
    await user.clear(confirmPassword());
    await user.type(confirmPassword(), 'Kreo-motdepasse-2026');
    await user.click(submit());

    expect(await screen.findByRole('status')).toHaveTextContent(words.success);
    expect(screen.queryByText(AUTH[language].errors.passwordTooCommon)).not.toBeInTheDocument();
    expect(post).toHaveBeenLastCalledWith('/api/auth/reset-password', {
      body: { token: 'link-token-123', newPassword: 'Kreo-motdepasse-2026' },
    });
  });
});

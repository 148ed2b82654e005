/**
 * R3-03: the account forms are prerendered, and the browser sends them itself until the app has taken the
 * page over (or when it never does): to the server, as a POST. The app then hydrates that markup without
 * a mismatch, and a page the server sent back with its feedback starts from that feedback.
 */
import { act, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import enAuth from '../../../locales/en/auth.json';
import frAuth from '../../../locales/fr/auth.json';
import roAuth from '../../../locales/ro/auth.json';
import roForms from '../../../locales/ro/forms.json';
import { FORM_FEEDBACK_ELEMENT_ID, type FormFeedback } from '@/shared/form-feedback';
import { createTestI18n, renderWithProviders, testProviders } from '@/testing/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { SignupPage } from './signup-page';

const PAGES: [string, () => ReactElement, string][] = [
  ['/login', () => <LoginPage />, 'login_password'],
  ['/signup', () => <SignupPage />, 'signup_password'],
  ['/forgot-password', () => <ForgotPasswordPage />, 'forgot-password_email'],
];

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  // Quiet: rendering "on the server" inside jsdom makes Mantine warn about its layout effects.
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  document.getElementById(FORM_FEEDBACK_ELEMENT_ID)?.remove();
});

/** The feedback the server writes beside a form it sends back (server/services/app-pages.ts). */
function seedFormFeedback(feedback: FormFeedback) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FORM_FEEDBACK_ELEMENT_ID;
  script.textContent = JSON.stringify(feedback);
  document.body.appendChild(script);
}

const formOf = (field: string) => document.getElementById(field)?.closest('form');

/** React's complaints about markup it hydrates that it would not have rendered so. */
const hydrationWarnings = () =>
  consoleError.mock.calls
    .map((call) => call.map(String).join(' '))
    .filter((message) => /did not match|hydrat|server HTML|Expected server/i.test(message));

/** The page as the server sends it for `serverRoute`, then hydrated by the app at `route`. */
async function hydrate(page: () => ReactElement, serverRoute: string, route: string) {
  const i18n = createTestI18n('fr');
  const html = renderToString(
    testProviders({ route: serverRoute, i18n, store: createStore() })({ children: page() }),
  );
  // Only what hydrating says counts.
  consoleError.mockClear();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  await act(async () => {
    renderWithProviders(page(), { route, i18n, container, hydrate: true });
    await Promise.resolve();
  });
}

describe.each(PAGES)('%s', (path, page, field) => {
  it('posts its form to its own page, so that the browser never sends it as a GET', () => {
    renderWithProviders(page(), { route: path, language: 'fr' });
    const form = formOf(field);
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', path);
  });

  it('carries the page asked for (redirect) in the action, and nothing else of the query', () => {
    renderWithProviders(page(), { route: `${path}?redirect=%2Fdocuments&utm=mail`, language: 'en' });
    expect(formOf(field)).toHaveAttribute('action', `${path}?redirect=%2Fdocuments`);
  });

  it('hydrates the markup the server sends without a mismatch, the action with its redirect included', async () => {
    const url = `${path}?redirect=%2Fdocuments`;
    await hydrate(page, url, url);
    expect(hydrationWarnings()).toEqual([]);
    expect(formOf(field)).toHaveAttribute('action', url);
  });
});

it('would warn if the server sent another action than the app renders (the check above can fail)', async () => {
  await hydrate(() => <LoginPage />, '/login', '/login?redirect=%2Fdocuments');
  expect(hydrationWarnings().join('\n')).toMatch(/action/);
});

describe('a page the server sent back', () => {
  it('login: starts with the address typed and the failure the server told, never a password', () => {
    seedFormFeedback({
      form: 'login',
      values: { email: 'camille@example.fr', language: 'en' },
      failure: 'login.errors.invalidCredentials',
    });
    renderWithProviders(<LoginPage />, { route: '/login', language: 'en' });
    expect(screen.getByRole('alert')).toHaveTextContent(enAuth.login.errors.invalidCredentials);
    expect(document.getElementById('login_email')).toHaveValue('camille@example.fr');
    expect(document.getElementById('login_password')).toHaveValue('');
  });

  it('sign-up: starts with what was typed and shows again the problems of its fields', async () => {
    seedFormFeedback({
      form: 'signup',
      // As the server sends it: the boxes as they were, ticked or not.
      values: {
        firstname: 'Ana',
        email: 'ana@example.ro',
        language: 'ro',
        agreeToTerms: false,
        receiveUpdates: true,
      },
      fieldErrors: true,
    });
    renderWithProviders(<SignupPage />, { route: '/signup', language: 'ro' });
    expect(document.getElementById('signup_firstname')).toHaveValue('Ana');
    expect(document.getElementById('signup_email')).toHaveValue('ana@example.ro');
    // The form checks itself as it shows: the fields left empty say so, the first one has the focus.
    const lastname = document.getElementById('signup_lastname');
    await vi.waitFor(() =>
      expect(document.getElementById('signup_lastname__error')).toHaveTextContent(roForms.errors.required),
    );
    expect(lastname).toHaveFocus();
    expect(screen.getByText(roAuth.signup.errors.termsRequired)).toBeInTheDocument();
    expect(document.getElementById('signup_receiveUpdates')).toBeChecked();
  });

  it('forgot-password: shows the confirmation in place of the form', () => {
    seedFormFeedback({ form: 'forgot-password', values: {}, sent: true });
    renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password?sent=1', language: 'fr' });
    expect(screen.getByRole('status')).toHaveTextContent(frAuth.forgotPassword.confirmation);
    expect(document.getElementById('forgot-password_email')).toBeNull();
  });

  it("is another form's feedback for the other pages, and is read once", () => {
    seedFormFeedback({ form: 'login', values: { email: 'x@example.fr' }, failure: 'errors.tooManyAttempts' });
    const signup = renderWithProviders(<SignupPage />, { route: '/signup', language: 'fr' });
    expect(screen.queryByRole('alert')).toBeNull();
    signup.unmount();
    const first = renderWithProviders(<LoginPage />, { route: '/login', language: 'fr' });
    expect(screen.getByRole('alert')).toHaveTextContent(frAuth.errors.tooManyAttempts);
    first.unmount();
    renderWithProviders(<LoginPage />, { route: '/login', language: 'fr' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.getElementById('login_email')).toHaveValue('');
  });
});

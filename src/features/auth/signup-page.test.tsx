import { screen, within } from '@testing-library/react';
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
import { ACCESS_TOKEN_STORAGE_KEY, accessTokenAtom, endSession, sessionStore } from '@/lib/session/session';
import { epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import { SignupPage } from './signup-page';

const AUTH = { fr: frAuth, en: enAuth, ro: roAuth } satisfies Record<Language, typeof frAuth>;
const FORMS = { fr: frForms, en: enForms, ro: roForms } satisfies Record<Language, typeof frForms>;
const LANGS = Object.keys(AUTH) as Language[];

/** At least 8 characters and none of the common passwords the server refuses. */
const PASSWORD = 'Kreo-motdepasse-2026';

/** The fields the contract's SignupRequest accepts (openapi/openapi.yaml), "industry" aside. */
const CONTRACT_FIELDS = [
  'companyName',
  'confirmPassword',
  'dateOfBirth',
  'email',
  'firstname',
  'language',
  'lastname',
  'password',
  'phoneNumber',
];

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

/** The label of the terms checkbox as read (its <terms>/<privacy> tags become links). */
const termsName = (language: Language) => AUTH[language].signup.fields.agreeToTerms.replace(/<\/?\w+>/g, '');

function renderSignup(language: Language) {
  const view = renderWithProviders(<SignupPage />, { language, route: '/signup' });
  const words = AUTH[language].signup;
  const submit = () => screen.getByRole('button', { name: words.submit });
  return { ...view, language, words, submit };
}

type SignupView = ReturnType<typeof renderSignup>;

/**
 * Picks 15 December 2000 as the date of birth: nothing is pre-filled, and the calendar opens on
 * December 2000. (jsdom lays nothing out, so the calendar is found regardless of visibility.)
 */
async function pickBirthDate({ user }: Pick<SignupView, 'user'>, language: Language) {
  await user.click(screen.getByRole('button', { name: AUTH[language].signup.fields.dateOfBirth }));
  const calendar = await screen.findByRole('dialog', { hidden: true });
  await user.click(within(calendar).getByRole('button', { name: /^15 \S+ 2000$/, hidden: true }));
}

async function fillValidForm(view: SignupView) {
  const { user, words, language } = view;
  await user.type(control(words.fields.firstname), 'Camille');
  await user.type(control(words.fields.lastname), 'Martin');
  await user.type(control(words.fields.email), 'camille@example.com');
  await user.type(control(words.fields.password), PASSWORD);
  await user.type(control(words.fields.confirmPassword), PASSWORD);
  await pickBirthDate(view, language);
  await user.click(screen.getByRole('checkbox', { name: termsName(language) }));
}

const sessionToken = () => sessionStore.get(accessTokenAtom);

/** The body of the `index`th request the page made. */
function sentBody(index = 0): Record<string, unknown> {
  const init = post.mock.calls[index]?.[1] as unknown as { body?: Record<string, unknown> } | undefined;
  if (!init?.body) throw new Error(`request #${index} has no body`);
  return init.body;
}

describe.each(LANGS)('SignupPage in %s', (language) => {
  const words = AUTH[language].signup;
  const required = FORMS[language].errors.required;

  it('shows the title, every field of the spec and the link to log in', () => {
    renderSignup(language);

    expect(screen.getByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
    for (const title of [
      words.fields.firstname,
      words.fields.lastname,
      words.fields.email,
      words.fields.password,
      words.fields.confirmPassword,
      words.fields.phoneNumber,
      words.fields.companyName,
    ]) {
      expect(control(title)).toBeInTheDocument();
    }
    // No date of birth is chosen for the visitor: the field shows its placeholder.
    expect(screen.getByRole('button', { name: words.fields.dateOfBirth })).toHaveTextContent(
      new RegExp(`^${escapeRegExp(FORMS[language].date.placeholder)}$`),
    );
    expect(screen.getByRole('combobox', { name: AUTH[language].fields.language })).toHaveValue(language);
    expect(screen.getByRole('checkbox', { name: termsName(language) })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: words.fields.receiveUpdates })).not.toBeChecked();
    expect(screen.getByRole('link', { name: words.loginLink })).toHaveAttribute('href', '/login');
  });

  it(`asks for every required field with "${required}" and for the terms`, async () => {
    const { user, submit } = renderSignup(language);

    expect(screen.queryByText(required)).not.toBeInTheDocument();
    await user.click(submit());

    for (const title of [
      words.fields.firstname,
      words.fields.lastname,
      words.fields.email,
      words.fields.password,
      words.fields.confirmPassword,
    ]) {
      expect(errorsOf(control(title)), title).toEqual([required]);
    }
    // No date of birth is pre-filled (it would end up in the profile): it is asked for like the others.
    expect(errorsOf(screen.getByRole('button', { name: words.fields.dateOfBirth }))).toEqual([required]);
    expect(errorsOf(control(words.fields.phoneNumber))).toEqual([]);
    expect(errorsOf(control(words.fields.companyName))).toEqual([]);
    expect(errorsOf(screen.getByRole('checkbox', { name: termsName(language) }))).toEqual([
      words.errors.termsRequired,
    ]);
    expect(post).not.toHaveBeenCalled();
  });

  it('rejects an invalid e-mail, a short password, a different confirmation and unaccepted terms', async () => {
    const view = renderSignup(language);
    const { user, submit } = view;
    await user.type(control(words.fields.firstname), 'Camille');
    await user.type(control(words.fields.lastname), 'Martin');
    await user.type(control(words.fields.email), 'camille@example');
    // 7 characters: one too few.
    await user.type(control(words.fields.password), 'abc1234');
    await user.type(control(words.fields.confirmPassword), 'abc12345');
    await user.click(submit());

    expect(errorsOf(control(words.fields.email))).toEqual([words.errors.emailInvalid]);
    expect(errorsOf(control(words.fields.password))).toEqual([words.errors.passwordTooShort]);
    expect(errorsOf(control(words.fields.confirmPassword))).toEqual([words.errors.passwordsDiffer]);
    expect(screen.getByText(words.errors.termsRequired)).toBeInTheDocument();
    expect(errorsOf(control(words.fields.firstname))).toEqual([]);
    expect(post).not.toHaveBeenCalled();

    // A name of spaces only is no name.
    await user.clear(control(words.fields.lastname));
    await user.type(control(words.fields.lastname), '   ');
    expect(errorsOf(control(words.fields.lastname))).toEqual([required]);
    await user.clear(control(words.fields.lastname));
    await user.type(control(words.fields.lastname), 'Martin');
    expect(errorsOf(control(words.fields.lastname))).toEqual([]);

    // Errors then follow the corrections.
    await user.clear(control(words.fields.email));
    await user.type(control(words.fields.email), 'camille martin@example.com');
    expect(errorsOf(control(words.fields.email))).toEqual([words.errors.emailInvalid]);
    await user.clear(control(words.fields.email));
    await user.type(control(words.fields.email), 'camille@example.com');
    expect(errorsOf(control(words.fields.email))).toEqual([]);
    await user.type(control(words.fields.password), '5');
    expect(errorsOf(control(words.fields.password))).toEqual([]);
    expect(errorsOf(control(words.fields.confirmPassword))).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: termsName(language) }));
    expect(screen.queryByText(words.errors.termsRequired)).not.toBeInTheDocument();
  });

  it('registers with exactly the contract fields, in the language of the page, and starts the session', async () => {
    const token = unsignedJwt({ sub: 'user-1', firstname: 'Camille', products: [], exp: epochSeconds(900) });
    post.mockResolvedValue({ data: { accessToken: token }, response: new Response() } as never);
    const view = renderSignup(language);
    const { user, submit } = view;

    await fillValidForm(view);
    await user.type(control(words.fields.phoneNumber), ' +33 6 12 34 56 78 ');
    await user.type(control(words.fields.companyName), 'Kreo SAS');
    await user.click(screen.getByRole('checkbox', { name: words.fields.receiveUpdates }));
    expect(sessionToken()).toBeNull();
    await user.click(submit());

    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]?.[0]).toBe('/api/auth/register');
    const body = sentBody();
    expect(Object.keys(body).sort()).toEqual(CONTRACT_FIELDS);
    expect(body).toStrictEqual({
      firstname: 'Camille',
      lastname: 'Martin',
      email: 'camille@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      dateOfBirth: '2000-12-15',
      phoneNumber: '+33 6 12 34 56 78',
      companyName: 'Kreo SAS',
      language,
    });
    expect(body).not.toHaveProperty('receiveUpdates');
    expect(body).not.toHaveProperty('agreeToTerms');

    expect(sessionToken()).toBe(token);
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe(token);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends nothing for the optional fields left empty', async () => {
    post.mockResolvedValue({ data: { accessToken: 'token' }, response: new Response() } as never);
    const view = renderSignup(language);

    await fillValidForm(view);
    await view.user.click(view.submit());

    expect(post.mock.calls[0]?.[0]).toBe('/api/auth/register');
    // What goes on the wire: undefined fields are dropped by JSON.
    expect(JSON.parse(JSON.stringify(sentBody()))).toStrictEqual({
      firstname: 'Camille',
      lastname: 'Martin',
      email: 'camille@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      dateOfBirth: '2000-12-15',
      language,
    });
  });

  it('tells, inside the page, that the e-mail is taken (409) and keeps what was typed', async () => {
    post.mockRejectedValue(new ApiError('Email already registered', 'http', 409, { message: 'taken' }));
    const view = renderSignup(language);

    await fillValidForm(view);
    await view.user.click(view.submit());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(words.errors.failureTitle)).toBeInTheDocument();
    expect(within(alert).getByText(words.errors.emailTaken)).toBeInTheDocument();
    // The server's English wording is not shown.
    expect(alert).not.toHaveTextContent('Email already registered');
    expect(sessionToken()).toBeNull();
    expect(control(words.fields.email)).toHaveValue('camille@example.com');
    expect(view.submit()).toBeEnabled();
  });

  it('tells, inside the page, that the password is too common (400) and keeps what was typed', async () => {
    post.mockRejectedValue(
      new ApiError('Password found in the list of common passwords', 'http', 400, {
        message: 'Password found in the list of common passwords',
        error: 'Bad Request',
        code: 'PASSWORD_TOO_COMMON',
      }),
    );
    const view = renderSignup(language);

    await fillValidForm(view);
    await view.user.click(view.submit());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(words.errors.failureTitle)).toBeInTheDocument();
    expect(within(alert).getByText(AUTH[language].errors.passwordTooCommon)).toBeInTheDocument();
    expect(alert).not.toHaveTextContent('Password found in the list of common passwords');
    expect(sessionToken()).toBeNull();
    // Nothing typed is lost: the user changes the password and sends again.
    expect(control(words.fields.firstname)).toHaveValue('Camille');
    expect(control(words.fields.email)).toHaveValue('camille@example.com');
    expect(control(words.fields.password)).toHaveValue(PASSWORD);
    expect(control(words.fields.confirmPassword)).toHaveValue(PASSWORD);
    expect(screen.getByRole('checkbox', { name: termsName(language) })).toBeChecked();
    expect(view.submit()).toBeEnabled();
  });

  it('tells that the server cannot be reached when the network fails', async () => {
    post.mockRejectedValue(new ApiError(NETWORK_NOT_OK_MESSAGE, 'network'));
    const view = renderSignup(language);

    await fillValidForm(view);
    await view.user.click(view.submit());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(words.errors.failureTitle)).toBeInTheDocument();
    expect(within(alert).getByText(AUTH[language].errors.network)).toBeInTheDocument();
    expect(alert).not.toHaveTextContent(NETWORK_NOT_OK_MESSAGE);
    expect(sessionToken()).toBeNull();
  });

  it('switches the page to the language chosen in the form, keeps what was typed and sends it', async () => {
    const other: Language = language === 'en' ? 'ro' : 'en';
    post.mockResolvedValue({ data: { accessToken: 'token' }, response: new Response() } as never);
    const view = renderSignup(language);
    const { user, i18n } = view;

    await user.type(control(words.fields.firstname), 'Camille');
    await user.type(control(words.fields.email), 'camille@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: AUTH[language].fields.language }), other);

    expect(i18n.language).toBe(other);
    const otherWords = AUTH[other].signup;
    expect(screen.getByRole('heading', { level: 1, name: otherWords.title })).toBeInTheDocument();
    expect(control(otherWords.fields.firstname)).toHaveValue('Camille');
    expect(control(otherWords.fields.email)).toHaveValue('camille@example.com');
    expect(screen.getByRole('combobox', { name: AUTH[other].fields.language })).toHaveValue(other);

    await user.type(control(otherWords.fields.lastname), 'Martin');
    await user.type(control(otherWords.fields.password), PASSWORD);
    await user.type(control(otherWords.fields.confirmPassword), PASSWORD);
    await pickBirthDate(view, other);
    await user.click(screen.getByRole('checkbox', { name: termsName(other) }));
    await user.click(screen.getByRole('button', { name: otherWords.submit }));

    expect(post).toHaveBeenCalledWith(
      '/api/auth/register',
      expect.objectContaining({ body: expect.objectContaining({ language: other, firstname: 'Camille' }) }),
    );
  });
});

describe('/signup from an invitation', () => {
  it('starts with the address invited, and keeps the way back to the invitation', () => {
    renderWithProviders(<SignupPage />, {
      language: 'fr',
      route: '/signup?redirect=%2Finvitations%2Ftok_1&email=alex%40example.com',
    });
    expect(control(AUTH.fr.signup.fields.email)).toHaveValue('alex@example.com');
    expect(screen.getByRole('link', { name: AUTH.fr.signup.loginLink })).toHaveAttribute(
      'href',
      '/login?redirect=%2Finvitations%2Ftok_1&email=alex%40example.com',
    );
  });
});

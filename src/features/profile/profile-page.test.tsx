import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import enCommon from '../../../locales/en/common.json';
import enDashboard from '../../../locales/en/dashboard.json';
import frDashboard from '../../../locales/fr/dashboard.json';
import roDashboard from '../../../locales/ro/dashboard.json';
import enForms from '../../../locales/en/forms.json';
import enProfile from '../../../locales/en/profile.json';
import frCommon from '../../../locales/fr/common.json';
import frForms from '../../../locales/fr/forms.json';
import frProfile from '../../../locales/fr/profile.json';
import roCommon from '../../../locales/ro/common.json';
import roForms from '../../../locales/ro/forms.json';
import roProfile from '../../../locales/ro/profile.json';
import { apiClient } from '@/lib/api/client';
import { forgetCatalog } from '@/lib/catalog/catalog';
import { ApiError, NETWORK_NOT_OK_MESSAGE } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import type { Language } from '@/lib/i18n/languages';
import { accessTokenAtom, endSession, sessionStore } from '@/lib/session/session';
import { epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';
import { ProfilePage } from './profile-page';

type UserInfo = components['schemas']['UserInfo'];

const PROFILE = { fr: frProfile, en: enProfile, ro: roProfile } satisfies Record<Language, typeof frProfile>;
const FORMS = { fr: frForms, en: enForms, ro: roForms } satisfies Record<Language, typeof frForms>;
const COMMON = { fr: frCommon, en: enCommon, ro: roCommon } satisfies Record<Language, typeof frCommon>;
const DASHBOARD = { fr: frDashboard, en: enDashboard, ro: roDashboard } satisfies Record<
  Language,
  typeof frDashboard
>;
const LANGS = Object.keys(PROFILE) as Language[];

/** A user per language, with initials outside ASCII where the language has them. */
const USERS: Record<Language, UserInfo> = {
  fr: {
    firstname: 'Élodie',
    lastname: 'Dupont',
    email: 'elodie.dupont@example.fr',
    isEmailVerified: false,
    phoneNumber: '+33 6 12 34 56 78',
    dateOfBirth: '1990-03-12',
    companyName: 'Boulangerie Dupont SARL',
    language: 'fr',
  },
  en: {
    firstname: 'John',
    lastname: 'Smith',
    email: 'john.smith@example.com',
    isEmailVerified: false,
    phoneNumber: '+44 20 7946 0958',
    dateOfBirth: '1990-03-12',
    companyName: 'Smith & Sons Ltd',
    language: 'en',
  },
  ro: {
    firstname: 'Ștefan',
    lastname: 'Țurcanu',
    email: 'stefan.turcanu@example.ro',
    isEmailVerified: false,
    phoneNumber: '+40 721 234 567',
    dateOfBirth: '1990-03-12',
    companyName: 'Țurcanu Construct SRL',
    language: 'ro',
  },
};

const INITIALS: Record<Language, string> = { fr: 'ÉD', en: 'JS', ro: 'ȘȚ' };
/** 1990-03-12 as the language writes it (Intl, long style), on the page and in the modal's date field. */
const BIRTHDAY: Record<Language, string> = {
  fr: '12 mars 1990',
  en: 'March 12, 1990',
  ro: '12 martie 1990',
};

// ---------------------------------------------------------------------------------------------------
// The API, replaced by handlers keyed by "METHOD /path"; any other call fails the test.

type Handler = (init: { body?: unknown } | undefined) => unknown;
type Handlers = Partial<Record<string, Handler>>;

let get: MockInstance<typeof apiClient.GET>;
let post: MockInstance<typeof apiClient.POST>;
let consoleError: MockInstance<typeof console.error>;
let handlers: Handlers;

function route(method: 'GET' | 'POST') {
  return async (path: string, init?: { body?: unknown }) => {
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`unexpected call: ${method} ${path}`);
    const data = await handler(init);
    return { data, response: new Response(null, { status: 200 }) };
  };
}

type Call = [path: string, init?: { body?: unknown }];

/** The calls a spy recorded, as (path, options) pairs. */
const recorded = (spy: MockInstance<typeof apiClient.GET> | MockInstance<typeof apiClient.POST>) =>
  spy.mock.calls as unknown as Call[];

/** The bodies POSTed to one path, in order. */
const bodiesSentTo = (path: string) =>
  recorded(post)
    .filter(([called]) => called === path)
    .map(([, init]) => init?.body);

/** How many times a spy was called for one path. */
const callsTo = (
  spy: MockInstance<typeof apiClient.GET> | MockInstance<typeof apiClient.POST>,
  path: string,
) => recorded(spy).filter(([called]) => called === path).length;

/** A promise the test settles itself. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The account's password, asked for a new e-mail address (long and uncommon, as the server wants). */
const PASSWORD = 'Kreo-motdepasse-2026';

const REFRESHED_TOKEN = unsignedJwt({
  sub: 'user-1',
  firstname: 'Refreshed',
  products: [],
  exp: epochSeconds(900),
});

beforeEach(() => {
  handlers = {
    // The page asks for a new token after a save (the header shows the first name inside it).
    'POST /api/auth/getJWTtoken': () => ({ accessToken: REFRESHED_TOKEN }),
    // The Invoices card: none by default, and the catalog that names their packages.
    'GET /api/invoices': () => ({ invoices: [] }),
    'GET /api/marketing/offers/list': () => [],
  };
  forgetCatalog();
  get = vi.spyOn(apiClient, 'GET').mockImplementation(route('GET') as never);
  post = vi.spyOn(apiClient, 'POST').mockImplementation(route('POST') as never);
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  // Every word on the page resolved in the locale files.
  const missing = consoleError.mock.calls.filter(([message]) => String(message).includes('[i18n]'));
  expect(missing).toEqual([]);
  endSession();
});

// ---------------------------------------------------------------------------------------------------
// Finding things as a user does.

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The value shown under a label of the Personal information card (a <dt>/<dd> pair). */
function shownValue(label: string): string {
  const term = screen.getAllByRole('term').find((element) => element.textContent === label);
  if (!term) throw new Error(`no "${label}" on the page`);
  const definition = term.nextElementSibling;
  if (definition?.tagName !== 'DD') throw new Error(`no value under "${label}"`);
  return definition.textContent ?? '';
}

/** The error messages shown under the field whose control is `input`. */
function errorsOf(input: HTMLElement): string[] {
  const box = document.getElementById(`${input.id}__error`);
  return box ? [...box.children].map((line) => line.textContent ?? '') : [];
}

function renderProfile(language: Language, user: UserInfo | (() => unknown) = USERS[language]) {
  handlers['GET /api/user/info'] ??= typeof user === 'function' ? user : () => structuredClone(user);
  const view = renderWithProviders(<ProfilePage />, { language, route: '/user-profile' });
  const words = PROFILE[language];

  const dialog = () => screen.getByRole('dialog', { name: words.edit.title });
  /** A control of the open modal, by its title (a required field's title ends with a hidden asterisk). */
  const field = (name: keyof typeof words.fields) =>
    within(dialog()).getByLabelText(new RegExp(`^${escapeRegExp(words.fields[name])}( \\*)?$`));

  return {
    ...view,
    words,
    dialog,
    field,
    /** Waits for the page to show the user. */
    ready: () => screen.findByRole('button', { name: words.info.edit }),
    openEdit: async () => {
      await view.user.click(await screen.findByRole('button', { name: words.info.edit }));
      return screen.findByRole('dialog', { name: words.edit.title });
    },
    save: () => view.user.click(within(dialog()).getByRole('button', { name: words.edit.save })),
    /** The Cancel button beside Save. */
    cancelButton: () => within(dialog()).getByRole('button', { name: words.edit.cancel }),
    /** The modal's X, named apart from Cancel. */
    closeButton: () => within(dialog()).getByRole('button', { name: words.edit.close }),
    /** Waits until the modal has gone (Mantine keeps it for its closing transition). */
    closed: () =>
      waitFor(() => expect(screen.queryByRole('dialog', { name: words.edit.title })).not.toBeInTheDocument()),
  };
}

describe.each(LANGS)('ProfilePage in %s', (language) => {
  const words = PROFILE[language];
  const user = USERS[language];
  const loading = COMMON[language].loading;
  const required = FORMS[language].errors.required;

  it('lists the invoices, each with its PDF, in an Invoices card', async () => {
    const dashboard = DASHBOARD[language];
    handlers['GET /api/invoices'] = () => ({
      invoices: [
        {
          id: '2b1f6a7e-0000-4000-8000-000000000001',
          number: 'KR-000042',
          kind: 'invoice',
          issuedAt: '2026-03-01T10:00:00.000Z',
          totalCents: 4900,
          currency: 'EUR',
        },
      ],
    });
    renderProfile(language);
    const card = await screen.findByRole('region', { name: words.invoices.title });
    expect(await within(card).findByText('KR-000042')).toBeInTheDocument();
    expect(within(card).getByText(dashboard.invoices.kind.invoice)).toBeInTheDocument();
    expect(
      within(card).getByRole('button', {
        name: dashboard.invoices.downloadLabel.replace('{{number}}', 'KR-000042'),
      }),
    ).toBeEnabled();
    expect(get).toHaveBeenCalledWith('/api/invoices');
  });

  describe('showing the profile', () => {
    it(`reads "${loading}" until the user's information arrives`, async () => {
      const answer = deferred<UserInfo>();
      renderProfile(language, () => answer.promise);

      expect(screen.getByRole('status')).toHaveTextContent(loading);
      expect(screen.getByText(loading)).toHaveTextContent(new RegExp(`^${escapeRegExp(loading)}$`));
      expect(screen.queryByRole('button', { name: words.info.edit })).not.toBeInTheDocument();
      expect(get).toHaveBeenCalledWith('/api/user/info', expect.objectContaining({}));

      answer.resolve(structuredClone(user));
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
        `${user.firstname} ${user.lastname}`,
      );
      expect(screen.queryByText(loading)).not.toBeInTheDocument();
      expect(callsTo(get, '/api/user/info')).toBe(1);
    });

    it('shows the initials, the full name, the e-mail and every field, the date in the language', async () => {
      const { ready } = renderProfile(language);
      await ready();

      expect(screen.getByText(INITIALS[language])).toBeInTheDocument();
      expect(
        screen.getByRole('heading', { level: 1, name: `${user.firstname} ${user.lastname}` }),
      ).toBeVisible();
      expect(screen.getByRole('heading', { level: 2, name: words.info.title })).toBeVisible();
      expect(screen.getByRole('heading', { level: 2, name: words.security.title })).toBeVisible();
      expect(screen.getByText(words.security.text)).toBeVisible();

      expect(shownValue(words.fields.firstname)).toBe(user.firstname);
      expect(shownValue(words.fields.lastname)).toBe(user.lastname);
      expect(shownValue(words.fields.email)).toBe(user.email);
      expect(shownValue(words.fields.phoneNumber)).toBe(user.phoneNumber);
      expect(shownValue(words.fields.dateOfBirth)).toBe(BIRTHDAY[language]);
      expect(shownValue(words.fields.companyName)).toBe(user.companyName);
      expect(screen.queryByText(words.info.notAvailable)).not.toBeInTheDocument();
      // No outcome is announced before the user does anything.
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it(`shows "${words.info.notAvailable}" for an empty phone, date of birth and company`, async () => {
      const { ready } = renderProfile(language, {
        ...user,
        phoneNumber: null,
        dateOfBirth: null,
        companyName: '',
      });
      await ready();

      expect(shownValue(words.fields.phoneNumber)).toBe(words.info.notAvailable);
      expect(shownValue(words.fields.dateOfBirth)).toBe(words.info.notAvailable);
      expect(shownValue(words.fields.companyName)).toBe(words.info.notAvailable);
      // The names and the e-mail are always there.
      expect(shownValue(words.fields.firstname)).toBe(user.firstname);
      expect(shownValue(words.fields.email)).toBe(user.email);
    });

    it(`marks a verified e-mail "${words.info.verified}", without the resend button`, async () => {
      const { ready } = renderProfile(language, { ...user, isEmailVerified: true });
      await ready();

      expect(shownValue(words.info.emailStatus)).toBe(words.info.verified);
      expect(screen.queryByText(words.info.notVerified)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: words.info.resendVerification })).not.toBeInTheDocument();
    });
  });

  describe('e-mail verification', () => {
    it(`resends the verification e-mail: "${words.messages.resendSuccess}"`, async () => {
      const sent = deferred<{ message: string }>();
      handlers['GET /api/resend-verification-email'] = () => sent.promise;
      const { user: person, ready } = renderProfile(language);
      await ready();

      expect(shownValue(words.info.emailStatus)).toContain(words.info.notVerified);
      const resend = screen.getByRole('button', { name: words.info.resendVerification });
      await person.click(resend);
      expect(get).toHaveBeenCalledWith('/api/resend-verification-email');
      // Busy while the server works: a second click sends nothing more.
      expect(resend).toBeDisabled();
      await person.click(resend);
      expect(callsTo(get, '/api/resend-verification-email')).toBe(1);

      sent.resolve({ message: 'Verification email sent' });
      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent(words.messages.resendSuccess);
      expect(within(status).getByText(words.messages.resendSuccess)).toBeVisible();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(resend).toBeEnabled();
      // The address is not verified until the link is followed.
      expect(shownValue(words.info.emailStatus)).toContain(words.info.notVerified);

      // The message can be dismissed.
      await person.click(within(status).getByRole('button', { name: words.messages.dismiss }));
      expect(screen.queryByText(words.messages.resendSuccess)).not.toBeInTheDocument();
    });

    it(`says "${words.messages.resendError}" when the server fails`, async () => {
      handlers['GET /api/resend-verification-email'] = () => {
        throw new ApiError(`${NETWORK_NOT_OK_MESSAGE} Internal Server Error`, 'http', 500);
      };
      const { user: person, ready } = renderProfile(language);
      await ready();

      await person.click(screen.getByRole('button', { name: words.info.resendVerification }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(words.messages.resendError);
      expect(screen.queryByText(words.messages.resendSuccess)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: words.info.resendVerification })).toBeEnabled();
    });
  });

  describe('the edit modal', () => {
    it('opens with the current values, and Save sends them all as they are', async () => {
      const { openEdit, field, save, closed } = renderProfile(language);
      const dialog = await openEdit();

      expect(within(dialog).getByRole('heading', { name: words.edit.title })).toBeVisible();
      expect(field('firstname')).toHaveValue(user.firstname);
      expect(field('lastname')).toHaveValue(user.lastname);
      expect(field('email')).toHaveValue(user.email);
      expect(field('email')).toHaveAttribute('type', 'email');
      expect(field('phoneNumber')).toHaveValue(user.phoneNumber);
      expect(field('phoneNumber')).toHaveAttribute('type', 'tel');
      expect(field('dateOfBirth')).toHaveTextContent(BIRTHDAY[language]);
      expect(field('companyName')).toHaveValue(user.companyName);
      expect(within(dialog).getByRole('button', { name: words.edit.save })).toBeEnabled();

      handlers['POST /api/user/update-profile'] = ({ body } = {}) => ({ ...user, ...(body as object) });
      await save();
      await closed();

      expect(bodiesSentTo('/api/user/update-profile')).toEqual([
        {
          firstname: user.firstname,
          lastname: user.lastname,
          email: user.email,
          phoneNumber: user.phoneNumber,
          dateOfBirth: user.dateOfBirth,
          companyName: user.companyName,
        },
      ]);
    });

    it(`saves the edits, emptied fields as null, then closes and says "${words.messages.updateSuccess}"`, async () => {
      const saved = deferred<UserInfo>();
      handlers['POST /api/user/update-profile'] = () => saved.promise;
      const { user: person, openEdit, field, save, closed, dialog, cancelButton } = renderProfile(language);
      await openEdit();

      await person.clear(field('firstname'));
      await person.type(field('firstname'), '  Ana-Maria ');
      await person.clear(field('lastname'));
      await person.type(field('lastname'), 'Ionescu');
      await person.clear(field('email'));
      await person.type(field('email'), 'ana.ionescu@example.org');
      await person.type(field('currentPassword'), PASSWORD);
      await person.clear(field('phoneNumber'));
      await person.clear(field('companyName'));
      await person.type(field('companyName'), '   ');
      await person.click(within(dialog()).getByRole('button', { name: FORMS[language].date.clear }));
      expect(field('dateOfBirth')).toHaveTextContent(FORMS[language].date.placeholder);

      await save();
      expect(bodiesSentTo('/api/user/update-profile')).toEqual([
        {
          firstname: 'Ana-Maria',
          lastname: 'Ionescu',
          email: 'ana.ionescu@example.org',
          phoneNumber: null,
          dateOfBirth: null,
          companyName: null,
          currentPassword: PASSWORD,
        },
      ]);
      // Saving: a second click sends nothing more, and Cancel waits.
      expect(within(dialog()).getByRole('button', { name: words.edit.save })).toBeDisabled();
      expect(cancelButton()).toBeDisabled();

      saved.resolve({
        ...user,
        firstname: 'Ana-Maria',
        lastname: 'Ionescu',
        email: 'ana.ionescu@example.org',
        isEmailVerified: false,
        phoneNumber: null,
        dateOfBirth: null,
        companyName: null,
      });
      await closed();

      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent(words.messages.updateSuccess);
      // A new address: its verification link went to it, and a notice to the old one.
      expect(
        within(status).getByText(
          words.messages.emailChangeSent
            .replace('{{newEmail}}', 'ana.ionescu@example.org')
            .replace('{{oldEmail}}', user.email),
        ),
      ).toBeVisible();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ana-Maria Ionescu');
      expect(screen.getByText('AI')).toBeInTheDocument();
      expect(shownValue(words.fields.firstname)).toBe('Ana-Maria');
      expect(shownValue(words.fields.lastname)).toBe('Ionescu');
      expect(shownValue(words.fields.email)).toBe('ana.ionescu@example.org');
      expect(shownValue(words.fields.phoneNumber)).toBe(words.info.notAvailable);
      expect(shownValue(words.fields.dateOfBirth)).toBe(words.info.notAvailable);
      expect(shownValue(words.fields.companyName)).toBe(words.info.notAvailable);
      expect(callsTo(post, '/api/user/update-profile')).toBe(1);

      // A new token is fetched so that the header greets the user by the new first name.
      await waitFor(() => expect(sessionStore.get(accessTokenAtom)).toBe(REFRESHED_TOKEN));
      expect(callsTo(post, '/api/auth/getJWTtoken')).toBe(1);
      // The page was not reloaded from the server: the update's answer was enough.
      expect(callsTo(get, '/api/user/info')).toBe(1);
    });

    it('reopens with the saved values after a successful save', async () => {
      handlers['POST /api/user/update-profile'] = ({ body } = {}) => ({ ...user, ...(body as object) });
      const { user: person, openEdit, field, save, closed } = renderProfile(language);
      await openEdit();
      await person.clear(field('companyName'));
      await person.type(field('companyName'), 'Kreo Studio');
      await save();
      await closed();
      expect(shownValue(words.fields.companyName)).toBe('Kreo Studio');

      await openEdit();
      expect(field('companyName')).toHaveValue('Kreo Studio');
      expect(field('firstname')).toHaveValue(user.firstname);
    });

    it(`blocks Save on an empty first name ("${required}") and a bad e-mail ("${words.errors.emailInvalid}")`, async () => {
      const { user: person, openEdit, field, save, dialog } = renderProfile(language);
      await openEdit();

      await person.clear(field('firstname'));
      await person.clear(field('email'));
      await person.type(field('email'), 'ana@example');
      await save();

      expect(errorsOf(field('firstname'))).toEqual([required]);
      expect(field('firstname')).toHaveAttribute('aria-invalid', 'true');
      expect(errorsOf(field('email'))).toEqual([words.errors.emailInvalid]);
      expect(field('email')).toHaveAttribute('aria-invalid', 'true');
      expect(errorsOf(field('lastname'))).toEqual([]);
      expect(errorsOf(field('phoneNumber'))).toEqual([]);
      expect(callsTo(post, '/api/user/update-profile')).toBe(0);
      expect(dialog()).toBeVisible();

      // An empty e-mail is required too; a last name of spaces only counts as empty.
      await person.clear(field('email'));
      expect(errorsOf(field('email'))).toEqual([required]);
      await person.clear(field('lastname'));
      expect(errorsOf(field('lastname'))).toEqual([required]);
      await person.type(field('lastname'), '   ');
      expect(errorsOf(field('lastname'))).toEqual([required]);
      await person.clear(field('lastname'));

      // Corrected, the errors go and Save goes through.
      handlers['POST /api/user/update-profile'] = ({ body } = {}) => ({ ...user, ...(body as object) });
      await person.type(field('firstname'), 'Ana');
      await person.type(field('lastname'), 'Pop');
      await person.type(field('email'), 'ana@example.com');
      expect(errorsOf(field('firstname'))).toEqual([]);
      expect(errorsOf(field('email'))).toEqual([]);
      // A new address asks for the current password.
      expect(errorsOf(field('currentPassword'))).toEqual([words.errors.currentPasswordRequired]);
      await person.type(field('currentPassword'), PASSWORD);
      expect(errorsOf(field('currentPassword'))).toEqual([]);
      await save();
      expect(bodiesSentTo('/api/user/update-profile')).toEqual([
        {
          firstname: 'Ana',
          lastname: 'Pop',
          email: 'ana@example.com',
          phoneNumber: user.phoneNumber,
          dateOfBirth: user.dateOfBirth,
          companyName: user.companyName,
          currentPassword: PASSWORD,
        },
      ]);
    });

    it(`keeps the modal open with "${words.messages.updateError}" and what was typed when saving fails`, async () => {
      handlers['POST /api/user/update-profile'] = () => {
        throw new ApiError('Internal Server Error', 'http', 500, { message: 'Internal Server Error' });
      };
      const { user: person, openEdit, field, save, dialog } = renderProfile(language);
      await openEdit();

      await person.clear(field('firstname'));
      await person.type(field('firstname'), 'Ana');
      await person.clear(field('phoneNumber'));
      await person.type(field('phoneNumber'), '+40 700 000 000');
      await save();

      const alert = await within(dialog()).findByRole('alert');
      expect(alert).toHaveTextContent(words.messages.updateError);
      expect(alert).not.toHaveTextContent(words.messages.emailTaken);
      expect(field('firstname')).toHaveValue('Ana');
      expect(field('phoneNumber')).toHaveValue('+40 700 000 000');
      expect(within(dialog()).getByRole('button', { name: words.edit.save })).toBeEnabled();
      // The page still shows what the server has.
      expect(shownValue(words.fields.firstname)).toBe(user.firstname);
      expect(screen.queryByText(words.messages.updateSuccess)).not.toBeInTheDocument();
      expect(callsTo(post, '/api/auth/getJWTtoken')).toBe(0);
    });

    it(`adds "${words.messages.emailTaken}" when the e-mail belongs to another account (409), then saves once changed`, async () => {
      handlers['POST /api/user/update-profile'] = () => {
        throw new ApiError('Email already used', 'http', 409, { message: 'Email already used' });
      };
      const { user: person, openEdit, field, save, dialog, closed } = renderProfile(language);
      await openEdit();

      await person.clear(field('email'));
      await person.type(field('email'), 'taken@example.com');
      await person.type(field('currentPassword'), PASSWORD);
      await save();

      const alert = await within(dialog()).findByRole('alert');
      expect(alert).toHaveTextContent(words.messages.updateError);
      expect(within(alert).getByText(words.messages.emailTaken)).toBeVisible();
      expect(field('email')).toHaveValue('taken@example.com');

      // Another address goes through: the error goes with the modal.
      handlers['POST /api/user/update-profile'] = ({ body } = {}) => ({
        ...user,
        ...(body as object),
        isEmailVerified: false,
      });
      await person.clear(field('email'));
      await person.type(field('email'), 'free@example.com');
      await save();
      await closed();
      expect(await screen.findByRole('status')).toHaveTextContent(words.messages.updateSuccess);
      expect(screen.queryByText(words.messages.updateError)).not.toBeInTheDocument();
      expect(shownValue(words.fields.email)).toBe('free@example.com');
      expect(
        bodiesSentTo('/api/user/update-profile').map((body) => (body as { email: string }).email),
      ).toEqual(['taken@example.com', 'free@example.com']);
    });

    it('Cancel closes the modal and discards the edits', async () => {
      const { user: person, openEdit, field, cancelButton, closeButton, closed } = renderProfile(language);
      await openEdit();

      await person.clear(field('firstname'));
      await person.type(field('firstname'), 'Nobody');
      await person.clear(field('companyName'));
      await person.click(cancelButton());
      await closed();

      expect(callsTo(post, '/api/user/update-profile')).toBe(0);
      expect(shownValue(words.fields.firstname)).toBe(user.firstname);
      expect(shownValue(words.fields.companyName)).toBe(user.companyName);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();

      // Opened again, it shows the profile, not the discarded edits.
      await openEdit();
      expect(field('firstname')).toHaveValue(user.firstname);
      expect(field('companyName')).toHaveValue(user.companyName);

      // The modal's X discards too.
      await person.type(field('lastname'), 'XYZ');
      await person.click(closeButton());
      await closed();
      await openEdit();
      expect(field('lastname')).toHaveValue(user.lastname);
      expect(callsTo(post, '/api/user/update-profile')).toBe(0);
    });

    it('Cancel after a failed save discards the edits and the error', async () => {
      handlers['POST /api/user/update-profile'] = () => {
        throw new ApiError('Email already used', 'http', 409);
      };
      const { user: person, openEdit, field, save, dialog, cancelButton, closed } = renderProfile(language);
      await openEdit();
      await person.clear(field('email'));
      await person.type(field('email'), 'taken@example.com');
      await person.type(field('currentPassword'), PASSWORD);
      await save();
      await within(dialog()).findByRole('alert');

      await person.click(cancelButton());
      await closed();
      expect(screen.queryByText(words.messages.updateError)).not.toBeInTheDocument();

      await openEdit();
      expect(field('email')).toHaveValue(user.email);
      expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('password reset', () => {
    it(`sends the reset e-mail to the user's address: "${words.messages.resetSuccess}"`, async () => {
      handlers['POST /api/auth/forgot-password'] = () => ({
        message: 'If this email exists in our system, you will receive a reset link.',
      });
      const { user: person, ready } = renderProfile(language);
      await ready();

      await person.click(screen.getByRole('button', { name: words.security.resetPassword }));
      expect(await screen.findByRole('status')).toHaveTextContent(words.messages.resetSuccess);
      expect(post).toHaveBeenCalledWith('/api/auth/forgot-password', { body: { email: user.email } });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it(`says "${words.messages.resetError}" when the server fails`, async () => {
      handlers['POST /api/auth/forgot-password'] = () => {
        throw new ApiError('Service Unavailable', 'http', 503);
      };
      const { user: person, ready } = renderProfile(language);
      await ready();

      await person.click(screen.getByRole('button', { name: words.security.resetPassword }));
      expect(await screen.findByRole('alert')).toHaveTextContent(words.messages.resetError);
      expect(screen.queryByText(words.messages.resetSuccess)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: words.security.resetPassword })).toBeEnabled();
    });

    it('uses the address just saved', async () => {
      handlers['POST /api/user/update-profile'] = ({ body } = {}) => ({ ...user, ...(body as object) });
      handlers['POST /api/auth/forgot-password'] = () => ({ message: 'ok' });
      const { user: person, openEdit, field, save, closed } = renderProfile(language);
      await openEdit();
      await person.clear(field('email'));
      await person.type(field('email'), 'new.address@example.com');
      await person.type(field('currentPassword'), PASSWORD);
      await save();
      await closed();

      await person.click(screen.getByRole('button', { name: words.security.resetPassword }));
      expect(await screen.findByText(words.messages.resetSuccess)).toBeVisible();
      expect(bodiesSentTo('/api/auth/forgot-password')).toEqual([{ email: 'new.address@example.com' }]);
    });
  });

  describe('loading failure', () => {
    it(`says "${words.loadError}" and "${words.retry}" loads again`, async () => {
      consoleError.mockImplementation(() => {});
      let attempts = 0;
      const second = deferred<UserInfo>();
      handlers['GET /api/user/info'] = () => {
        attempts += 1;
        if (attempts === 1)
          throw new ApiError(`${NETWORK_NOT_OK_MESSAGE} Internal Server Error`, 'http', 500);
        return second.promise;
      };
      const { user: person } = renderProfile(language);

      expect(await screen.findByRole('alert')).toHaveTextContent(words.loadError);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(words.page.title);
      expect(screen.queryByRole('button', { name: words.info.edit })).not.toBeInTheDocument();

      await person.click(screen.getByRole('button', { name: words.retry }));
      expect(screen.getByRole('status')).toHaveTextContent(loading);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      second.resolve(structuredClone(user));
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
        `${user.firstname} ${user.lastname}`,
      );
      expect(shownValue(words.fields.email)).toBe(user.email);
      expect(attempts).toBe(2);
    });
  });
});

import { customizeValidator } from '@rjsf/validator-ajv8';
import dayjs from 'dayjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import enAuth from '../../locales/en/auth.json';
import enForms from '../../locales/en/forms.json';
import frAuth from '../../locales/fr/auth.json';
import frForms from '../../locales/fr/forms.json';
import roAuth from '../../locales/ro/auth.json';
import roForms from '../../locales/ro/forms.json';
import type { Language } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { defineForm, type FormDefinition, type FormValues } from './form-definition';
import { signupForm } from './generated/signup';
import { SchemaForm } from './schema-form';

const AUTH = { fr: frAuth, en: enAuth, ro: roAuth } satisfies Record<Language, typeof frAuth>;
const FORMS = { fr: frForms, en: enForms, ro: roForms } satisfies Record<Language, typeof frForms>;
const LANGS = Object.keys(AUTH) as Language[];

const SUBMIT = 'Submit';

const liveValidator = () => customizeValidator<FormValues>({ ajvOptionsOverrides: { $data: true } });

/** A small account form, validated at run time: e-mail, password with a tooltip, confirmation. */
const accountForm: FormDefinition = defineForm(
  'account',
  {
    schema: {
      type: 'object',
      required: ['email', 'password', 'confirmPassword'],
      properties: {
        email: { type: 'string', pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' },
        password: { type: 'string', minLength: 6 },
        confirmPassword: { type: 'string', const: { $data: '1/password' } },
      },
    },
    uiSchema: {
      email: {
        'ui:title': 'auth:signup.fields.email',
        'ui:options': { inputType: 'email' },
        'ui:errorMessages': { pattern: 'auth:signup.errors.emailInvalid' },
      },
      password: {
        'ui:title': 'auth:signup.fields.password',
        'ui:widget': 'password',
        'ui:tooltip': 'auth:signup.tooltips.password',
        'ui:errorMessages': { minLength: 'auth:signup.errors.passwordTooShort' },
      },
      confirmPassword: {
        'ui:title': 'auth:signup.fields.confirmPassword',
        'ui:widget': 'password',
        'ui:errorMessages': { const: 'auth:signup.errors.passwordsDiffer' },
      },
    },
  },
  liveValidator(),
);

/** Holds the values as the pages do, and reports each valid submission. */
function Harness({
  form,
  initial = {},
  onSubmit = () => {},
}: {
  form: FormDefinition;
  initial?: FormValues;
  onSubmit?: (values: FormValues) => void;
}) {
  const [values, setValues] = useState<FormValues>(initial);
  return (
    <SchemaForm form={form} formData={values} onChange={setValues} onSubmit={onSubmit} submitLabel={SUBMIT} />
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The control a field title labels (a required field's title ends with an asterisk hidden from screen readers). */
const control = (title: string) => screen.getByLabelText(new RegExp(`^${escapeRegExp(title)}( \\*)?$`));

/** The error messages shown under the field whose control is `input`. */
function errorsOf(input: HTMLElement): string[] {
  const frame = input.closest('[data-field]');
  if (!frame) throw new Error('no field frame around the control');
  const box = frame.querySelector(`[id="${input.id}__error"]`);
  return box ? [...box.children].map((line) => line.textContent ?? '') : [];
}

const submit = () => screen.getByRole('button', { name: SUBMIT });

describe('errors', () => {
  it('appear only after the first submit, then follow every change', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Harness form={accountForm} onSubmit={onSubmit} />, {
      language: 'en',
    });
    const words = AUTH.en.signup;

    const email = control(words.fields.email);
    const password = control(words.fields.password);
    await user.type(email, 'not-an-email');
    await user.type(password, 'abc');
    await user.tab();

    // Nothing is judged while the visitor is still typing a first time.
    expect(screen.queryByText(words.errors.emailInvalid)).not.toBeInTheDocument();
    expect(screen.queryByText(words.errors.passwordTooShort)).not.toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'false');

    await user.click(submit());

    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorsOf(email)).toEqual([words.errors.emailInvalid]);
    expect(errorsOf(password)).toEqual([words.errors.passwordTooShort]);
    expect(errorsOf(control(words.fields.confirmPassword))).toEqual([FORMS.en.errors.required]);
    expect(email).toHaveAttribute('aria-invalid', 'true');

    // From now on each change is checked at once, without submitting again.
    await user.clear(email);
    await user.type(email, 'camille@example.com');
    expect(errorsOf(email)).toEqual([]);
    expect(email).toHaveAttribute('aria-invalid', 'false');

    await user.type(password, 'defg');
    expect(errorsOf(password)).toEqual([]);

    await user.type(control(words.fields.confirmPassword), 'abcdefX');
    expect(errorsOf(control(words.fields.confirmPassword))).toEqual([words.errors.passwordsDiffer]);

    await user.clear(email);
    expect(errorsOf(email)).toEqual([FORMS.en.errors.required]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('let valid values through to onSubmit', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Harness form={accountForm} onSubmit={onSubmit} />, {
      language: 'fr',
    });
    const words = AUTH.fr.signup.fields;

    await user.type(control(words.email), 'camille@example.com');
    await user.type(control(words.password), 'secret1');
    await user.type(control(words.confirmPassword), 'secret1');
    await user.click(submit());

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'camille@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(screen.queryByText(FORMS.fr.errors.required)).not.toBeInTheDocument();
  });

  it('use the default message of a keyword when the field names none', async () => {
    const form = defineForm(
      'limits',
      {
        schema: {
          type: 'object',
          properties: { companyName: { type: 'string', minLength: 3 } },
        },
        uiSchema: { companyName: { 'ui:title': 'auth:signup.fields.companyName' } },
      },
      liveValidator(),
    );
    const { user, i18n } = renderWithProviders(<Harness form={form} />, { language: 'fr' });

    await user.type(control(AUTH.fr.signup.fields.companyName), 'ab');
    await user.click(submit());

    // forms:errors.minLength is "Au moins {{limit}} caractères": the limit comes from the schema.
    expect(screen.getByText('Au moins 3 caractères')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ro'));
    expect(screen.getByText('Cel puțin 3 caractere')).toBeInTheDocument();
  });
  it('tie the error of a checkbox to it for screen readers', async () => {
    const { user } = renderWithProviders(<Harness form={signupForm} />, { language: 'en' });
    await user.click(submit());

    const terms = screen.getByRole('checkbox', { name: /terms and conditions/ });
    expect(terms).toBeInvalid();
    expect(terms).toHaveAccessibleDescription(AUTH.en.signup.errors.termsRequired);
  });

  // Known bug (reported): Mantine's inputs overwrite the aria-describedby that controlProps() sets,
  // so text, password, date and select controls are not described by their error. Remove `.fails` once fixed.
  it('tie the error of a text field to it for screen readers', async () => {
    const { user } = renderWithProviders(<Harness form={accountForm} />, { language: 'en' });
    await user.type(control(AUTH.en.signup.fields.email), 'camille@');
    await user.click(submit());

    const email = control(AUTH.en.signup.fields.email);
    expect(errorsOf(email)).toEqual([AUTH.en.signup.errors.emailInvalid]);
    expect(email).toHaveAccessibleDescription(AUTH.en.signup.errors.emailInvalid);
  });
});

describe('with the generated sign-up form', () => {
  it.each(LANGS)(
    'shows the required message under each required field after submit (%s)',
    async (language) => {
      const { user } = renderWithProviders(<Harness form={signupForm} />, { language });
      const fields = AUTH[language].signup.fields;

      expect(screen.queryByText(FORMS[language].errors.required)).not.toBeInTheDocument();
      await user.click(submit());

      for (const title of [
        fields.firstname,
        fields.lastname,
        fields.email,
        fields.password,
        fields.confirmPassword,
      ]) {
        expect(errorsOf(control(title)), title).toEqual([FORMS[language].errors.required]);
      }
      // No date of birth is pre-filled: it is asked for like the others. Optional fields stay quiet.
      expect(errorsOf(screen.getByRole('button', { name: fields.dateOfBirth }))).toEqual([
        FORMS[language].errors.required,
      ]);
      expect(errorsOf(control(fields.phoneNumber))).toEqual([]);
      expect(errorsOf(control(fields.companyName))).toEqual([]);
      expect(screen.getByText(AUTH[language].signup.errors.termsRequired)).toBeInTheDocument();
    },
  );

  it('re-words labels and the errors on screen when the language changes, keeping typed values', async () => {
    const { user, i18n } = renderWithProviders(<Harness form={signupForm} />, { language: 'fr' });

    await user.type(control(AUTH.fr.signup.fields.firstname), 'Camille');
    await user.type(control(AUTH.fr.signup.fields.email), 'camille@');
    await user.type(control(AUTH.fr.signup.fields.password), 'abc');
    await user.click(submit());

    expect(errorsOf(control(AUTH.fr.signup.fields.lastname))).toEqual([FORMS.fr.errors.required]);
    expect(errorsOf(control(AUTH.fr.signup.fields.email))).toEqual([AUTH.fr.signup.errors.emailInvalid]);
    expect(errorsOf(control(AUTH.fr.signup.fields.password))).toEqual([
      AUTH.fr.signup.errors.passwordTooShort,
    ]);

    for (const language of ['en', 'ro'] as const) {
      await act(() => i18n.changeLanguage(language));
      const words = AUTH[language].signup;

      expect(screen.queryByText(AUTH.fr.signup.fields.lastname)).not.toBeInTheDocument();
      expect(control(words.fields.firstname)).toHaveValue('Camille');
      expect(control(words.fields.email)).toHaveValue('camille@');
      expect(control(words.fields.password)).toHaveValue('abc');
      expect(errorsOf(control(words.fields.lastname))).toEqual([FORMS[language].errors.required]);
      expect(errorsOf(control(words.fields.email))).toEqual([words.errors.emailInvalid]);
      expect(errorsOf(control(words.fields.password))).toEqual([words.errors.passwordTooShort]);
      expect(screen.getByText(words.errors.termsRequired)).toBeInTheDocument();
      expect(screen.queryByText(FORMS.fr.errors.required)).not.toBeInTheDocument();
    }
  });

  it.each(LANGS)(
    'pre-fills no date of birth, and shows it on a button that cannot be typed into (%s)',
    async (language) => {
      const { user } = renderWithProviders(<Harness form={signupForm} />, { language });
      const title = AUTH[language].signup.fields.dateOfBirth;

      const date = screen.getByRole('button', { name: title });
      const placeholder = new RegExp(`^${escapeRegExp(FORMS[language].date.placeholder)}$`);
      expect(date).toHaveTextContent(placeholder);
      expect(screen.queryByRole('textbox', { name: title })).not.toBeInTheDocument();
      expect(document.querySelector('input[type="hidden"][name="signup_dateOfBirth"]')).toHaveValue('');

      date.focus();
      await user.keyboard('1999');
      expect(date).toHaveTextContent(placeholder);
    },
  );

  it('re-writes the chosen date when the language changes', async () => {
    const { i18n } = renderWithProviders(
      <Harness form={signupForm} initial={{ dateOfBirth: '2000-01-01' }} />,
      { language: 'fr' },
    );
    expect(screen.getByRole('button', { name: AUTH.fr.signup.fields.dateOfBirth })).toHaveTextContent(
      '1 janvier 2000',
    );

    await act(() => i18n.changeLanguage('ro'));
    expect(screen.getByRole('button', { name: AUTH.ro.signup.fields.dateOfBirth })).toHaveTextContent(
      '1 ianuarie 2000',
    );
  });

  it.each(LANGS)(
    'links the terms and the privacy policy in a new tab from the checkbox label (%s)',
    (language) => {
      renderWithProviders(<Harness form={signupForm} />, { language });
      const label = AUTH[language].signup.fields.agreeToTerms;
      const termsText = /<terms>(.*?)<\/terms>/.exec(label)?.[1] ?? '';
      const privacyText = /<privacy>(.*?)<\/privacy>/.exec(label)?.[1] ?? '';
      expect(termsText).not.toBe('');
      expect(privacyText).not.toBe('');

      const terms = screen.getByRole('link', { name: termsText });
      const privacy = screen.getByRole('link', { name: privacyText });
      expect(terms).toHaveAttribute('href', '/terms');
      expect(privacy).toHaveAttribute('href', '/privacy');
      for (const link of [terms, privacy]) {
        expect(link).toHaveAttribute('target', '_blank');
        expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/);
      }
      // The tags themselves never show.
      const checkbox = screen.getByRole('checkbox', { name: label.replace(/<\/?\w+>/g, '') });
      expect(checkbox).not.toBeChecked();
      expect(screen.queryByText(/<terms>|<privacy>/)).not.toBeInTheDocument();
    },
  );
});

describe('tooltip', () => {
  const tooltipText = AUTH.en.signup.tooltips.password;

  function renderTooltip() {
    const view = renderWithProviders(<Harness form={accountForm} />, { language: 'en' });
    const button = screen.getByRole('button', {
      name: FORMS.en.tooltip.label.replace('{{field}}', AUTH.en.signup.fields.password),
    });
    return { ...view, button };
  }

  it('opens on hover and closes when the pointer leaves', async () => {
    const { user, button } = renderTooltip();
    expect(screen.queryByText(tooltipText)).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.hover(button);
    expect(await screen.findByText(tooltipText)).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleDescription(tooltipText);

    await user.unhover(button);
    await waitFor(() => expect(screen.queryByText(tooltipText)).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on click (a tap), stays open after the pointer leaves, and closes with Escape', async () => {
    const { user, button } = renderTooltip();

    await user.click(button);
    await user.unhover(button);
    expect(await screen.findByText(tooltipText)).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(tooltipText)).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens and closes on a tap that neither hovers nor focuses (as Safari on a phone)', async () => {
    const { button } = renderTooltip();

    fireEvent.click(button);
    expect(await screen.findByText(tooltipText)).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).not.toHaveFocus();

    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByText(tooltipText)).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on keyboard focus and closes with Escape, keeping the focus', async () => {
    const { user, button } = renderTooltip();

    await user.click(control(AUTH.en.signup.fields.email));
    await user.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByText(tooltipText)).toBeInTheDocument();
    expect(button).toHaveAccessibleDescription(tooltipText);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(tooltipText)).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('speaks the language of the page', async () => {
    const { user, i18n, button } = renderTooltip();
    await user.hover(button);
    expect(await screen.findByText(tooltipText)).toBeInTheDocument();

    await act(() => i18n.changeLanguage('ro'));
    expect(await screen.findByText(AUTH.ro.signup.tooltips.password)).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: FORMS.ro.tooltip.label.replace('{{field}}', AUTH.ro.signup.fields.password),
      }),
    ).toBeInTheDocument();
  });
});

describe('password field', () => {
  it.each(LANGS)('has a labelled toggle that shows and hides the password (%s)', async (language) => {
    const { user } = renderWithProviders(<Harness form={accountForm} />, { language });
    const password = control(AUTH[language].signup.fields.password);
    await user.type(password, 'secret1');
    expect(password).toHaveAttribute('type', 'password');

    const toggleOf = (name: string) =>
      screen
        .getAllByRole('button', { name })
        .find((button) => button.getAttribute('aria-controls') === password.id);

    const show = toggleOf(FORMS[language].password.show);
    expect(show).toBeDefined();
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await user.click(show as HTMLElement);

    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue('secret1');
    const hide = toggleOf(FORMS[language].password.hide);
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    // Only this field is revealed.
    expect(control(AUTH[language].signup.fields.confirmPassword)).toHaveAttribute('type', 'password');

    await user.click(hide as HTMLElement);
    expect(password).toHaveAttribute('type', 'password');
    expect(toggleOf(FORMS[language].password.show)).toBeDefined();
  });

  function focusToggle(user: ReturnType<typeof renderWithProviders>['user']) {
    const password = control(AUTH.en.signup.fields.password);
    return {
      password,
      async tabToToggle() {
        await user.click(password);
        await user.tab();
        const toggle = screen
          .getAllByRole('button', { name: FORMS.en.password.show })
          .find((button) => button.getAttribute('aria-controls') === password.id);
        expect(toggle).toHaveFocus();
      },
    };
  }

  it('is reached with Tab and toggled with Space', async () => {
    const { user } = renderWithProviders(<Harness form={accountForm} />, { language: 'en' });
    const { password, tabToToggle } = focusToggle(user);

    await tabToToggle();
    await user.keyboard(' ');
    expect(password).toHaveAttribute('type', 'text');
    await user.keyboard(' ');
    expect(password).toHaveAttribute('type', 'password');
  });

  // Known bug (reported): Mantine's toggle reacts to mousedown and Space only, and the widget made it
  // focusable without handling Enter, which activates every other button. Remove `.fails` once fixed.
  it('is toggled with Enter, like any button', async () => {
    const { user } = renderWithProviders(<Harness form={accountForm} />, { language: 'en' });
    const { password, tabToToggle } = focusToggle(user);

    await tabToToggle();
    await user.keyboard('{Enter}');
    expect(password).toHaveAttribute('type', 'text');
  });
});

describe('country field', () => {
  const COUNTRY_TITLE = { fr: 'Pays', en: 'Country', ro: 'Țara' } satisfies Record<Language, string>;
  const GERMANY = { fr: 'Allemagne', en: 'Germany', ro: 'Germania' } satisfies Record<Language, string>;

  const countryForm = defineForm(
    'company',
    {
      schema: { type: 'object', properties: { country: { type: 'string' } } },
      uiSchema: { country: { 'ui:title': 'forms:test.country', 'ui:widget': 'country' } },
    },
    liveValidator(),
  );

  /**
   * The open list of choices. jsdom lays nothing out, so floating-ui's "reference hidden" check hides
   * Mantine's dropdowns with display: none: the list is found regardless of visibility.
   */
  const findOpenListbox = () => screen.findByRole('listbox', { hidden: true });

  function renderCountry(language: Language, onSubmit = vi.fn()) {
    const i18n = createTestI18n(language);
    for (const lang of LANGS) i18n.addResource(lang, 'forms', 'test.country', COUNTRY_TITLE[lang]);
    return { ...renderWithProviders(<Harness form={countryForm} onSubmit={onSubmit} />, { i18n }), onSubmit };
  }

  it.each(LANGS)('lists the countries in the language of the page (%s)', async (language) => {
    const { user } = renderCountry(language);

    const input = screen.getByRole('textbox', { name: COUNTRY_TITLE[language] });
    await user.click(input);
    const listbox = await findOpenListbox();
    const names = within(listbox)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent);

    expect(names).toContain(GERMANY[language]);
    for (const other of LANGS.filter((lang) => GERMANY[lang] !== GERMANY[language])) {
      expect(names).not.toContain(GERMANY[other]);
    }
    expect(names.length).toBeGreaterThan(200);
    // Sorted as the language sorts.
    const sorted = [...names].sort((a, b) => new Intl.Collator(language).compare(a ?? '', b ?? ''));
    expect(names).toEqual(sorted);
  });

  it('is searched by typing, stores the ISO code and renames the choice with the language', async () => {
    const { user, i18n, onSubmit } = renderCountry('fr');

    const input = screen.getByRole('textbox', { name: COUNTRY_TITLE.fr });
    await user.click(input);
    await user.type(input, 'Allem');
    await user.click(await screen.findByRole('option', { name: 'Allemagne', hidden: true }));
    expect(input).toHaveValue('Allemagne');

    await act(() => i18n.changeLanguage('ro'));
    expect(screen.getByRole('textbox', { name: COUNTRY_TITLE.ro })).toHaveValue('Germania');

    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith({ country: 'DE' });
  });
});

describe('date field', () => {
  /** How the calendar heads a month, as the language writes it ("décembre 2000"). */
  const monthHeading = (language: Language, year: number, month: number) =>
    new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, month - 1, 1)),
    );
  /** The calendar (jsdom lays nothing out: it is found regardless of visibility, like its buttons). */
  const openCalendar = async (user: ReturnType<typeof renderWithProviders>['user'], title: string) => {
    await user.click(screen.getByRole('button', { name: title }));
    return screen.findByRole('dialog', { hidden: true });
  };
  const button = (calendar: HTMLElement, name: string | RegExp) =>
    within(calendar).getByRole('button', { name, hidden: true });

  it.each(LANGS)(
    'opens empty on December 2000, with named arrows, and reaches the years in two clicks (%s)',
    async (language) => {
      const { user } = renderWithProviders(<Harness form={signupForm} />, { language });
      const title = AUTH[language].signup.fields.dateOfBirth;
      const date = FORMS[language].date;
      const calendar = await openCalendar(user, title);
      expect(screen.getByRole('button', { name: title })).toHaveAttribute('aria-expanded', 'true');

      // The spec's display default (section 9), not today's month.
      const heading = button(calendar, monthHeading(language, 2000, 12));
      expect(heading.tagName).toBe('BUTTON');
      expect(heading).toHaveAttribute('title', date.monthLevel);
      await user.click(button(calendar, date.previousMonth));
      expect(button(calendar, monthHeading(language, 2000, 11))).toBeInTheDocument();
      await user.click(button(calendar, date.nextMonth));
      await user.click(button(calendar, date.nextMonth));
      expect(button(calendar, monthHeading(language, 2001, 1))).toBeInTheDocument();

      // First click: the months of the year, with its own named arrows.
      await user.click(button(calendar, monthHeading(language, 2001, 1)));
      expect(button(calendar, date.previousYear)).toBeInTheDocument();
      expect(button(calendar, date.nextYear)).toBeInTheDocument();
      const yearHeading = button(calendar, '2001');
      expect(yearHeading).toHaveAttribute('title', date.yearLevel);

      // Second click: the years of the decade; the previous decade holds a birth year of the 1990s.
      await user.click(yearHeading);
      expect(button(calendar, date.nextDecade)).toBeInTheDocument();
      await user.click(button(calendar, date.previousDecade));
      await user.click(button(calendar, '1995'));
      await user.click(button(calendar, dayjs('1995-03-01').locale(language).format('MMM')));
      await user.click(button(calendar, /^12 \S+ 1995$/));

      expect(screen.getByRole('button', { name: title })).toHaveTextContent(
        new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date(Date.UTC(1995, 2, 12)),
        ),
      );
      expect(document.querySelector('input[type="hidden"][name="signup_dateOfBirth"]')).toHaveValue(
        '1995-03-12',
      );
    },
  );

  it('opens on the chosen date when there is one, and on the days again at each opening', async () => {
    const { user } = renderWithProviders(
      <Harness form={signupForm} initial={{ dateOfBirth: '1990-03-12' }} />,
      { language: 'en' },
    );
    const title = AUTH.en.signup.fields.dateOfBirth;
    let calendar = await openCalendar(user, title);
    await user.click(button(calendar, 'March 1990'));
    expect(button(calendar, '1990')).toBeInTheDocument();

    // A second click on the field closes the calendar.
    await user.click(screen.getByRole('button', { name: title }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument());
    calendar = await openCalendar(user, title);
    expect(button(calendar, 'March 1990')).toHaveAttribute('title', FORMS.en.date.monthLevel);
  });

  it('opens on the month ui:options.openOn names ("today" for a signature)', async () => {
    const signatureForm = defineForm(
      'signature',
      {
        schema: { type: 'object', properties: { signedOn: { type: 'string', format: 'date' } } },
        uiSchema: {
          signedOn: {
            'ui:title': 'auth:signup.fields.dateOfBirth',
            'ui:widget': 'date',
            'ui:options': { maxDate: 'today', openOn: 'today' },
          },
        },
      },
      liveValidator(),
    );
    const { user } = renderWithProviders(<Harness form={signatureForm} />, { language: 'fr' });
    const now = new Date();
    const calendar = await openCalendar(user, AUTH.fr.signup.fields.dateOfBirth);
    expect(button(calendar, monthHeading('fr', now.getFullYear(), now.getMonth() + 1))).toBeInTheDocument();
  });
});

describe('values', () => {
  it('keeps what is typed when the page does not store it, through the errors and a language switch', async () => {
    const i18n = createTestI18n('en');
    const initial: FormValues = {};
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <SchemaForm
        form={accountForm}
        formData={initial}
        onChange={onChange}
        onSubmit={() => {}}
        submitLabel={SUBMIT}
      />,
      { i18n },
    );
    const email = control(AUTH.en.signup.fields.email);
    await user.type(email, 'ana@example.com');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ email: 'ana@example.com' }));

    // The errors appear (the form re-renders), then the language changes (new titles): nothing typed is lost.
    await user.click(submit());
    expect(errorsOf(control(AUTH.en.signup.fields.password))).not.toEqual([]);
    await act(() => i18n.changeLanguage('fr'));
    expect(control(AUTH.fr.signup.fields.email)).toHaveValue('ana@example.com');
  });

  it('shows new values when the page replaces them', () => {
    const props = { form: accountForm, onChange: () => {}, onSubmit: () => {}, submitLabel: SUBMIT };
    const { rerender } = renderWithProviders(
      <SchemaForm {...props} formData={{ email: 'a@example.com' }} />,
      {
        language: 'en',
      },
    );
    expect(control(AUTH.en.signup.fields.email)).toHaveValue('a@example.com');
    rerender(<SchemaForm {...props} formData={{ email: 'b@example.com' }} />);
    expect(control(AUTH.en.signup.fields.email)).toHaveValue('b@example.com');
  });
});

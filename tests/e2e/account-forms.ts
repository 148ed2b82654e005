import type { Page } from '@playwright/test';
import type { Language } from '../../src/lib/i18n/languages';
import { text } from './locale-text';
import { withoutTags } from './real-server';

// The account forms' controls, found as a user finds them: by their role and their label in a language.

/** /signup. */
export function signupForm(page: Page, language: Language) {
  const label = (field: string) => text(language, 'auth', `signup.fields.${field}`);
  const textbox = (field: string) => page.getByRole('textbox', { name: label(field), exact: true });
  return {
    firstname: textbox('firstname'),
    lastname: textbox('lastname'),
    email: textbox('email'),
    password: textbox('password'),
    confirmPassword: textbox('confirmPassword'),
    dateOfBirth: page.getByRole('button', { name: label('dateOfBirth'), exact: true }),
    phoneNumber: textbox('phoneNumber'),
    companyName: textbox('companyName'),
    language: page.getByRole('combobox', { name: text(language, 'auth', 'fields.language'), exact: true }),
    terms: page.getByRole('checkbox', { name: withoutTags(label('agreeToTerms')) }),
    updates: page.getByRole('checkbox', { name: label('receiveUpdates') }),
    submit: page.getByRole('button', { name: text(language, 'auth', 'signup.submit'), exact: true }),
  };
}

/** /login. */
export function loginForm(page: Page, language: Language) {
  const label = (field: string) => text(language, 'auth', `login.fields.${field}`);
  return {
    email: page.getByRole('textbox', { name: label('email'), exact: true }),
    password: page.getByRole('textbox', { name: label('password'), exact: true }),
    showPassword: page.getByRole('button', { name: text(language, 'forms', 'password.show'), exact: true }),
    language: page.getByRole('combobox', { name: text(language, 'auth', 'fields.language'), exact: true }),
    forgotPassword: page.getByRole('link', { name: text(language, 'auth', 'login.forgotPassword') }),
    submit: page.getByRole('button', { name: text(language, 'auth', 'login.submit'), exact: true }),
  };
}

/** /reset-password. */
export function resetForm(page: Page, language: Language) {
  const label = (field: string) => text(language, 'auth', `resetPassword.fields.${field}`);
  return {
    newPassword: page.getByRole('textbox', { name: label('newPassword'), exact: true }),
    confirmPassword: page.getByRole('textbox', { name: label('confirmPassword'), exact: true }),
    submit: page.getByRole('button', { name: text(language, 'auth', 'resetPassword.submit'), exact: true }),
  };
}

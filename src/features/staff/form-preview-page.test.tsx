import { screen } from '@testing-library/react';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import enAuth from '../../../locales/en/auth.json';
import enForms from '../../../locales/en/forms.json';
import frAuth from '../../../locales/fr/auth.json';
import frForms from '../../../locales/fr/forms.json';
import { renderWithProviders } from '@/testing/render';
import { FormPreviewPage } from './form-preview-page';

const FORM_NAMES = readdirSync('schemas/forms')
  .filter((file) => file.endsWith('.json') && !file.endsWith('.schema.json'))
  .map((file) => file.replace(/\.json$/, ''))
  .sort();

describe('the staff form preview', () => {
  it('offers every form of schemas/forms/', () => {
    renderWithProviders(<FormPreviewPage />);
    const select = screen.getByLabelText(frForms.preview.form);
    const options = [...select.querySelectorAll('option')].map((option) => option.value);
    expect(options).toEqual(FORM_NAMES);
  });

  it('renders the chosen form live, validates it, and follows the chosen language', async () => {
    const { user, i18n } = renderWithProviders(<FormPreviewPage />);
    await user.selectOptions(screen.getByLabelText(frForms.preview.form), 'login');
    expect(await screen.findByLabelText(new RegExp(`^${frAuth.login.fields.password}`))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: frForms.preview.submit }));
    expect(await screen.findAllByText(frAuth.login.errors.emailInvalid)).not.toHaveLength(0);

    await user.selectOptions(screen.getByLabelText(frForms.preview.language), 'en');
    expect(i18n.language).toBe('en');
    expect(await screen.findAllByText(enAuth.login.errors.emailInvalid)).not.toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(enForms.preview.title);
  });

  it('shows the values once they are valid', async () => {
    const { user } = renderWithProviders(<FormPreviewPage />, { language: 'en' });
    await user.selectOptions(screen.getByLabelText(enForms.preview.form), 'forgot-password');
    await user.type(
      await screen.findByLabelText(new RegExp(`^${enAuth.forgotPassword.fields.email}`)),
      'a@b.fr',
    );
    await user.click(screen.getByRole('button', { name: enForms.preview.submit }));
    expect(await screen.findByText(enForms.preview.valid)).toBeInTheDocument();
    expect(screen.getByText(/"email": "a@b\.fr"/)).toBeInTheDocument();
  });
});

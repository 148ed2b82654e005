import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import enWizard from '../../../../locales/en/wizard.json';
import frWizard from '../../../../locales/fr/wizard.json';
import roWizard from '../../../../locales/ro/wizard.json';
import type { FormValues } from '@/forms/form-definition';
import { wizardRoSrlCompanyDetailsForm } from '@/forms/generated/wizard-ro-srl-company-details';
import { SchemaForm } from '@/forms/schema-form';
import type { Language } from '@/lib/i18n/languages';
import { renderWithProviders } from '@/testing/render';
import { wizardWidgets } from '../wizard-widgets';

const WORDS = { fr: frWizard, en: enWizard, ro: roWizard } as const;

/** A Romanian SRL's company details, everything but its activities. */
const DETAILS = {
  jurisdiction: 'RO',
  legalForm: 'SRL',
  currency: 'RON',
  companyName: 'Cafeneaua Verde',
  corporatePurpose: 'Cafenea și servirea băuturilor.',
  registeredOffice: 'Strada Florilor 3, 400000 Cluj-Napoca, România',
  shareCapital: 1000,
  numberOfShares: 100,
};

function Step({ values }: { values: FormValues }) {
  const [data, setData] = useState(values);
  return (
    <SchemaForm
      form={wizardRoSrlCompanyDetailsForm}
      formData={data}
      onChange={setData}
      onSubmit={() => {}}
      submitLabel="next"
      widgets={wizardWidgets}
    />
  );
}

/** The main activity's field, once its lists have loaded. */
async function mainActivity(language: Language) {
  const field = screen.getByRole('textbox', {
    name: new RegExp(`^${WORDS[language].fields.caenMain.title.replace(/[()]/g, '\\$&')}`),
  });
  await waitFor(() => expect(field).toBeEnabled());
  return field;
}

/**
 * The options of the field's open list (the list its aria-controls names: the form has other lists).
 * jsdom lays nothing out, so floating-ui hides Mantine's dropdowns: found regardless of visibility.
 */
const listOf = (field: HTMLElement) =>
  waitFor(() => {
    const element = document.getElementById(field.getAttribute('aria-controls') ?? '');
    expect(element).not.toBeNull();
    return element as HTMLElement;
  });
const listed = async (field: HTMLElement) =>
  within(await listOf(field)).getAllByRole('option', { hidden: true });

/** The list is closed: no expanded state, no list named. */
function expectClosed(field: HTMLElement) {
  expect(field.getAttribute('aria-expanded')).not.toBe('true');
  expect(field).not.toHaveAttribute('aria-controls');
}

describe('the CAEN field of a Romanian SRL', () => {
  it.each(['ro', 'en', 'fr'] as const)(
    'lists 5630 first for "cafenea" in a %s interface',
    async (language) => {
      const { user } = renderWithProviders(<Step values={DETAILS} />, { language });
      const field = await mainActivity(language);
      await user.click(field);
      await user.type(field, 'cafenea');
      const options = await listed(field);
      expect(options[0]).toHaveTextContent(/^5630 — /);
    },
  );

  it('lists the hairdressing class first for "frizerie" and the online shop for "magazin online"', async () => {
    const { user } = renderWithProviders(<Step values={DETAILS} />, { language: 'ro' });
    const field = await mainActivity('ro');
    await user.click(field);
    await user.type(field, 'frizerie');
    expect((await listed(field))[0]).toHaveTextContent(/^9621 — Activități de coafură/);
    await user.clear(field);
    await user.type(field, 'magazin online');
    expect((await listed(field))[0]).toHaveTextContent(/^4712 — /);
  });

  it('does not open its list when a failed Next puts the focus in it; a key or a click opens it', async () => {
    const { user } = renderWithProviders(<Step values={DETAILS} />, { language: 'ro' });
    const field = await mainActivity('ro');
    await user.click(screen.getByRole('button', { name: 'next' }));
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expectClosed(field);

    await user.keyboard('{ArrowDown}');
    expect(await listed(field)).not.toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expectClosed(field));
    await user.click(field);
    expect(await listed(field)).not.toHaveLength(0);
  });

  it('shows, under the field, the authorisation the chosen class needs, and nothing for others', async () => {
    const { user } = renderWithProviders(<Step values={DETAILS} />, { language: 'ro' });
    const field = await mainActivity('ro');
    await user.click(field);
    await user.type(field, 'programare');
    await user.click(within(await listOf(field)).getByRole('option', { name: /^6210 — /, hidden: true }));
    await waitFor(() => expect((field as HTMLInputElement).value).toMatch(/^6210 — /));
    expect(screen.queryByText(roWizard.fields.caen.authorisationTitle)).toBeNull();

    await user.clear(field);
    await user.type(field, 'cafenea');
    expect((await listed(field))[0]).toHaveTextContent(/^5630 — /);
    await user.click(within(await listOf(field)).getByRole('option', { name: /^5630 — /, hidden: true }));
    await waitFor(() => expect((field as HTMLInputElement).value).toMatch(/^5630 — /));
    const note = await screen.findByTestId('caen-authorisations');
    expect(within(note).getByText(roWizard.fields.caen.authorisationTitle)).toBeVisible();
    expect(within(note).getByText(roWizard.fields.caen.authorisations.foodSafety)).toBeVisible();
    expect(within(note).getByText(roWizard.fields.caen.authorisations.foodService)).toBeVisible();
  });

  it('offers only the classes an SRL may declare (caen-restrictions.json)', async () => {
    const { user } = renderWithProviders(<Step values={DETAILS} />, { language: 'ro' });
    const field = await mainActivity('ro');
    await user.click(field);
    // 6910 (legal activities) is not registrable: the registry refuses it.
    await user.type(field, '691');
    expect(await screen.findByText(roWizard.fields.caen.nothingFound)).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^6910/ })).toBeNull();
  });
});

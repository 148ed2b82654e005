import { customizeValidator } from '@rjsf/validator-ajv8';
import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Language } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import { COUNTRY_CODES } from '../countries';
import { defineForm, type FormValues } from '../form-definition';
import { SchemaForm } from '../schema-form';
import { SchemaSummary } from '../schema-summary';

const SUBMIT = 'Submit';
const TITLE = { fr: 'Nationalité', en: 'Nationality', ro: 'Cetățenie' } satisfies Record<Language, string>;

/** The wizard's nationality field: the country codes as its enum, the nationality widget. */
const nationalityForm = defineForm(
  'company',
  {
    schema: {
      type: 'object',
      required: ['nationality'],
      properties: { nationality: { type: 'string', enum: [...COUNTRY_CODES] } },
    },
    uiSchema: { nationality: { 'ui:title': 'forms:test.nationality', 'ui:widget': 'nationality' } },
  },
  customizeValidator<FormValues>(),
);

function Harness({ onSubmit }: { onSubmit: (values: FormValues) => void }) {
  const [values, setValues] = useState<FormValues>({});
  return (
    <SchemaForm
      form={nationalityForm}
      formData={values}
      onChange={setValues}
      onSubmit={onSubmit}
      submitLabel={SUBMIT}
    />
  );
}

const field = (language: Language) => screen.getByRole('textbox', { name: TITLE[language] });

/** The form, once the field is there: the widget's code loads with the first form that shows one. */
async function renderNationality(language: Language) {
  const i18n = createTestI18n(language);
  for (const lang of Object.keys(TITLE) as Language[])
    i18n.addResource(lang, 'forms', 'test.nationality', TITLE[lang]);
  const onSubmit = vi.fn();
  const rendered = renderWithProviders(<Harness onSubmit={onSubmit} />, { i18n });
  const input = await screen.findByRole('textbox', { name: TITLE[language] });
  return { ...rendered, onSubmit, input };
}

/**
 * The open list's options, in order. jsdom lays nothing out, so floating-ui's "reference hidden" check
 * hides Mantine's dropdowns with display: none: the list is found regardless of visibility.
 */
async function shownOptions() {
  const listbox = await screen.findByRole('listbox', { hidden: true });
  return within(listbox)
    .getAllByRole('option', { hidden: true })
    .map((option) => option.textContent);
}

describe('nationality field', () => {
  // The searchable list loads on first use, in place of a stand-in that takes no typing: opened once
  // here, so that the first test types into the list itself as the others do.
  beforeAll(async () => {
    const { user, input, unmount } = await renderNationality('fr');
    await user.click(input);
    await screen.findByRole('listbox', { hidden: true });
    unmount();
  });

  it('finds "française" first for France, and ArrowDown then Enter picks it, storing FR', async () => {
    const { user, input, onSubmit } = await renderNationality('fr');
    await user.click(input);
    await user.type(input, 'française');
    const shown = await shownOptions();
    expect(shown[0]).toBe('française (France)');
    expect(shown).toContain('française (Guyane française)');
    expect(shown).not.toContain('Guyane française');

    await user.keyboard('{ArrowDown}{Enter}');
    // The field the list's code drew once loaded (the first one stood in for it meanwhile).
    expect(field('fr')).toHaveValue('française (France)');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(onSubmit).toHaveBeenCalledWith({ nationality: 'FR' });
  });

  it.each([
    ['fr', 'roumaine', 'roumaine (Roumanie)', 'RO'],
    ['fr', 'britannique', 'britannique (Royaume-Uni)', 'GB'],
    ['fr', 'americaine', 'américaine (États-Unis)', 'US'],
    ['en', 'British', 'British (United Kingdom)', 'GB'],
    ['ro', 'român', 'română (România)', 'RO'],
  ] as const)('in %s, typing "%s" offers %s first', async (language, typed, label, code) => {
    const { user, input, onSubmit } = await renderNationality(language);
    await user.click(input);
    await user.type(input, typed);
    expect((await shownOptions())[0]).toBe(label);
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(onSubmit).toHaveBeenCalledWith({ nationality: code });
  });

  it('renames the choice with the language of the page, the stored code unchanged', async () => {
    const { user, input, i18n, onSubmit } = await renderNationality('fr');
    await user.click(input);
    await user.type(input, 'roumain');
    await user.keyboard('{ArrowDown}{Enter}');
    await act(() => i18n.changeLanguage('ro'));
    expect(field('ro')).toHaveValue('română (România)');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(onSubmit).toHaveBeenCalledWith({ nationality: 'RO' });
  });

  it('reads as the nationality on the review', () => {
    const i18n = createTestI18n('ro');
    i18n.addResource('ro', 'forms', 'test.nationality', TITLE.ro);
    renderWithProviders(
      <SchemaSummary form={nationalityForm} values={{ nationality: 'GF' }} title="Recapitulare" />,
      { i18n },
    );
    expect(screen.getByText('franceză (Guyana Franceză)')).toBeInTheDocument();
  });
});

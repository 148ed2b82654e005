import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { legalFormInName, withoutLegalForm } from '@/shared/legal-form-name';
import { addFormKeywords } from './keywords';

// The keyword as a step uses it, compiled alone; the wizard's precompiled validators run the same
// generated code (src/features/wizard/wizard-rules.test.ts checks them and their messages).
const ajv = addFormKeywords(new Ajv({ allErrors: true, strict: true }));
const validate = ajv.compile({
  type: 'object',
  properties: {
    companyName: {
      type: 'string',
      legalFormSuffix: { jurisdiction: '/jurisdiction', legalForm: '/legalForm' },
    },
  },
});

type Form = [jurisdiction: string, legalForm: string];
const FORMS: Record<string, Form> = {
  'FR-SAS': ['FR', 'SAS'],
  'FR-SASU': ['FR', 'SASU'],
  'FR-SARL': ['FR', 'SARL'],
  'FR-EURL': ['FR', 'EURL'],
  'RO-SRL': ['RO', 'SRL'],
  'RO-SRL_SOLE': ['RO', 'SRL_SOLE'],
};

/** The keyword's error params for `name` in a file of `form`, or null when it accepts the name. */
function refusal(name: string, form: string): Record<string, unknown> | null {
  const [jurisdiction, legalForm] = FORMS[form] ?? [];
  if (validate({ companyName: name, jurisdiction, legalForm })) return null;
  const errors = validate.errors ?? [];
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ keyword: 'legalFormSuffix', instancePath: '/companyName' });
  return errors[0]?.params ?? null;
}

// Each spelling of each family of forms, as founders type them, and what is left of the name.
const REFUSED: [form: string, name: string, found: string, suggestion: string][] = [
  ['RO-SRL', 'Cafeaua Bună SRL', 'SRL', 'Cafeaua Bună'],
  ['RO-SRL', 'Cafeaua Bună srl', 'srl', 'Cafeaua Bună'],
  ['RO-SRL', 'Cafeaua Bună Srl', 'Srl', 'Cafeaua Bună'],
  ['RO-SRL', 'Cafeaua Bună S.R.L.', 'S.R.L.', 'Cafeaua Bună'],
  ['RO-SRL', 'Cafeaua Bună, S. R. L.', 'S. R. L.', 'Cafeaua Bună'],
  ['RO-SRL', 'Cafeaua Bună - SRL', 'SRL', 'Cafeaua Bună'],
  ['RO-SRL', 'Cafeaua Bună (SRL)', 'SRL', 'Cafeaua Bună'],
  ['RO-SRL', 'SRL Cafeaua Bună', 'SRL', 'Cafeaua Bună'],
  ['RO-SRL', 'S.R.L. Cafeaua Bună', 'S.R.L.', 'Cafeaua Bună'],
  [
    'RO-SRL',
    'Cafeaua Bună societate cu răspundere limitată',
    'societate cu răspundere limitată',
    'Cafeaua Bună',
  ],
  [
    'RO-SRL',
    'Cafeaua Bună SOCIETATE CU RASPUNDERE LIMITATA',
    'SOCIETATE CU RASPUNDERE LIMITATA',
    'Cafeaua Bună',
  ],
  ['RO-SRL_SOLE', 'Brutăria SRL', 'SRL', 'Brutăria'],
  [
    'RO-SRL_SOLE',
    'Societatea cu răspundere limitată Brutăria',
    'Societatea cu răspundere limitată',
    'Brutăria',
  ],
  ['FR-SAS', 'Boulangerie Dupont SAS', 'SAS', 'Boulangerie Dupont'],
  ['FR-SAS', 'Boulangerie Dupont S.A.S.', 'S.A.S.', 'Boulangerie Dupont'],
  ['FR-SAS', 'Boulangerie Dupont sas', 'sas', 'Boulangerie Dupont'],
  ['FR-SAS', 'Boulangerie Dupont SASU', 'SASU', 'Boulangerie Dupont'],
  ['FR-SAS', 'SAS Boulangerie Dupont', 'SAS', 'Boulangerie Dupont'],
  [
    'FR-SAS',
    'Boulangerie Dupont, société par actions simplifiée',
    'société par actions simplifiée',
    'Boulangerie Dupont',
  ],
  [
    'FR-SAS',
    'Boulangerie Dupont Societe par Actions Simplifiee',
    'Societe par Actions Simplifiee',
    'Boulangerie Dupont',
  ],
  ['FR-SASU', 'Boulangerie Dupont S.A.S.U', 'S.A.S.U', 'Boulangerie Dupont'],
  ['FR-SASU', 'Boulangerie Dupont SAS', 'SAS', 'Boulangerie Dupont'],
  [
    'FR-SASU',
    'Boulangerie Dupont société par actions simplifiée unipersonnelle',
    'société par actions simplifiée unipersonnelle',
    'Boulangerie Dupont',
  ],
  ['FR-SARL', 'Boulangerie Dupont SARL', 'SARL', 'Boulangerie Dupont'],
  ['FR-SARL', 'Boulangerie Dupont S.A.R.L.', 'S.A.R.L.', 'Boulangerie Dupont'],
  ['FR-SARL', 'Boulangerie Dupont Sarl', 'Sarl', 'Boulangerie Dupont'],
  ['FR-SARL', 'SARL Boulangerie Dupont', 'SARL', 'Boulangerie Dupont'],
  [
    'FR-SARL',
    'Boulangerie Dupont société à responsabilité limitée',
    'société à responsabilité limitée',
    'Boulangerie Dupont',
  ],
  ['FR-EURL', 'Boulangerie Dupont EURL', 'EURL', 'Boulangerie Dupont'],
  ['FR-EURL', 'Boulangerie Dupont E.U.R.L.', 'E.U.R.L.', 'Boulangerie Dupont'],
  ['FR-EURL', 'Boulangerie Dupont SARL', 'SARL', 'Boulangerie Dupont'],
  ['FR-EURL', 'EURL Boulangerie Dupont', 'EURL', 'Boulangerie Dupont'],
  [
    'FR-EURL',
    'Boulangerie Dupont entreprise unipersonnelle à responsabilité limitée',
    'entreprise unipersonnelle à responsabilité limitée',
    'Boulangerie Dupont',
  ],
  // Both ends at once: the suggestion drops both.
  ['RO-SRL', 'SRL Cafeaua Bună SRL', 'SRL', 'Cafeaua Bună'],
];

// Names that only look like a form: kept as typed.
const ACCEPTED: [form: string, name: string, why: string][] = [
  ['RO-SRL', 'Cafeaua Bună', 'no form'],
  ['FR-SAS', 'Sasu Design', 'a surname at the start, not in capitals'],
  ['FR-SARL', 'Sasu Design', 'another form family, and not in capitals'],
  ['FR-SARL', 'Sarlat Conseil', 'a word that starts with the letters'],
  ['FR-SARL', 'Atelier de Sarlat', 'a word that starts with the letters'],
  ['FR-SAS', 'Classe Verte', 'a word that contains the letters'],
  ['FR-SAS', 'Kansas', 'a word that ends with the letters'],
  ['RO-SRL', 'Brutăria Srlx', 'a word that starts with the letters'],
  ['RO-SRL', 'Cafeaua SRL Cluj', 'the form inside the name, not at an end'],
  ['FR-SAS', 'Dupont SARL', "another form's initials: a contradiction, not a repetition"],
  ['RO-SRL', 'Dupont SAS', "another country's form"],
  ['RO-SRL', 'SRL', 'nothing would remain (the name is required anyway)'],
];

describe('the legalFormSuffix keyword', () => {
  it.each(REFUSED)(
    'refuses, for a %s, "%s" and suggests the name without it',
    (form, name, found, suggestion) => {
      expect(refusal(name, form)).toEqual({ found, suggestion });
    },
  );

  it.each(ACCEPTED)('accepts, for a %s, "%s" (%s)', (form, name) => {
    expect(refusal(name, form)).toBeNull();
  });

  it('says nothing before the form is chosen, or for a form it does not know', () => {
    expect(validate({ companyName: 'Cafeaua Bună SRL' })).toBe(true);
    expect(validate({ companyName: 'Cafeaua Bună SRL', jurisdiction: 'RO' })).toBe(true);
    expect(validate({ companyName: 'Cafeaua Bună SRL', jurisdiction: 'RO', legalForm: 'SA' })).toBe(true);
  });

  it('accepts the same name for a form whose initials it does not end with', () => {
    expect(refusal('Cafeaua Bună SRL', 'FR-SAS')).toBeNull();
    expect(refusal('Boulangerie Dupont SAS', 'RO-SRL')).toBeNull();
  });

  it('scans no text longer than a name can be, in time', () => {
    const long = `${' '.repeat(200_000)}x`;
    const started = performance.now();
    expect(validate({ companyName: long, jurisdiction: 'RO', legalForm: 'SRL' })).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('the documents’ reading of a name (src/shared/legal-form-name.ts)', () => {
  it('finds what the keyword finds, with the same name left', () => {
    for (const [form, name, found, suggestion] of REFUSED)
      expect(legalFormInName(name, form), `${form} ${name}`).toEqual({ found, name: suggestion });
    for (const [form, name] of ACCEPTED) expect(legalFormInName(name, form), `${form} ${name}`).toBeNull();
  });

  it('prints a name saved with its form once, and any other name as typed', () => {
    expect(withoutLegalForm('Brutăria SRL', 'RO-SRL')).toBe('Brutăria');
    expect(withoutLegalForm('Brutăria', 'RO-SRL')).toBe('Brutăria');
    expect(withoutLegalForm('SRL', 'RO-SRL')).toBe('SRL');
    expect(withoutLegalForm('Brutăria SRL', 'FR-SAS')).toBe('Brutăria SRL');
  });

  it('keeps the accents of the name as typed, composed or not', () => {
    expect(withoutLegalForm('Pâtisserie Étoile SAS', 'FR-SAS')).toBe('Pâtisserie Étoile');
    expect(withoutLegalForm('Brut\u0103ria SRL'.normalize('NFD'), 'RO-SRL')).toBe('Brutăria');
  });
});

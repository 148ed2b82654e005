import { describe, expect, it } from 'vitest';
import enWords from '../../locales/en/nationalities.json';
import frWords from '../../locales/fr/nationalities.json';
import roWords from '../../locales/ro/nationalities.json';
import type { Language } from '@/lib/i18n/languages';
import {
  NATIONALITY_STATE,
  WITHOUT_NATIONALITY,
  nationalityAdjective,
  type NationalityWords,
} from '@/shared/nationalities';
import { COUNTRY_CODES } from './countries';
import { wizardFrSasPeopleForm } from './generated/wizard-fr-sas-people';
import { wizardRoSrlPeopleForm } from './generated/wizard-ro-srl-people';
import { nationalityOptions, searchNationalities } from './nationalities';

const WORDS: Record<Language, NationalityWords> = { fr: frWords, en: enWords, ro: roWords };
const LANGUAGES = Object.keys(WORDS) as Language[];

/** The code of the option a user lands on with ArrowDown then Enter after typing `typed`. */
const firstFound = (language: Language, typed: string) =>
  searchNationalities(nationalityOptions(language, WORDS[language]), typed)[0]?.value;

describe('searching the nationalities', () => {
  it.each([
    ['fr', 'française', 'FR'],
    ['fr', 'francaise', 'FR'],
    ['fr', 'français', 'FR'],
    ['fr', 'FRANÇ', 'FR'],
    ['fr', 'roumaine', 'RO'],
    ['fr', 'roumain', 'RO'],
    ['fr', 'britannique', 'GB'],
    ['fr', 'américaine', 'US'],
    ['fr', 'americain', 'US'],
    ['fr', 'allemand', 'DE'],
    ['fr', 'Roumanie', 'RO'],
    ['fr', 'ro', 'RO'],
    ['fr', 'GB', 'GB'],
    ['en', 'British', 'GB'],
    ['en', 'French', 'FR'],
    ['en', 'American', 'US'],
    ['en', 'Romania', 'RO'],
    ['en', 'macedonian', 'MK'],
    ['ro', 'român', 'RO'],
    ['ro', 'romana', 'RO'],
    ['ro', 'română', 'RO'],
    ['ro', 'francez', 'FR'],
    ['ro', 'franceză', 'FR'],
    ['ro', 'britanic', 'GB'],
    ['ro', 'Franța', 'FR'],
    ['ro', 'elvetian', 'CH'],
  ] as const)('in %s, "%s" lands on %s first', (language, typed, code) => {
    expect(firstFound(language, typed)).toBe(code);
  });

  it('lists a territory after its state, not before ("française" is France, then its overseas lands)', () => {
    const found = searchNationalities(nationalityOptions('fr', frWords), 'française').map(
      (option) => option.value,
    );
    expect(found[0]).toBe('FR');
    expect(found).toEqual(expect.arrayContaining(['GF', 'PF', 'RE', 'NC']));
    const british = searchNationalities(nationalityOptions('en', enWords), 'British').map(
      (option) => option.value,
    );
    expect(british[0]).toBe('GB');
    expect(british).toContain('VG');
    expect(british.indexOf('VG')).toBeGreaterThan(0);
  });

  it('labels each choice with its nationality and its country, in the language of the page', () => {
    const label = (language: Language, code: string) =>
      nationalityOptions(language, WORDS[language], [code])[0]?.label;
    expect(label('fr', 'FR')).toBe('française (France)');
    expect(label('fr', 'GF')).toBe('française (Guyane française)');
    expect(label('ro', 'RO')).toBe('română (România)');
    expect(label('en', 'VI')).toMatch(/^American \(.*Virgin Islands\)$/);
    // No nationality fits: the country's name alone.
    expect(label('fr', 'AQ')).toBe('Antarctique');
  });

  it('finds nothing for text that names no nationality or country', () => {
    expect(searchNationalities(nationalityOptions('fr', frWords), 'zzz')).toEqual([]);
  });

  it('keeps every option, in the list order, when nothing is typed', () => {
    const options = nationalityOptions('ro', roWords);
    expect(searchNationalities(options, '  ')).toEqual(options);
    expect(options).toHaveLength(COUNTRY_CODES.length);
  });
});

describe('the nationalities table (locales/<lang>/nationalities.json)', () => {
  /** A person's nationality on the People step (schemas/wizard/people.json, its list resolved), in each country. */
  const nationalityEnums = [wizardFrSasPeopleForm, wizardRoSrlPeopleForm].map((form) => {
    const persons = form.schema.properties?.persons as {
      items: { properties: Record<string, { enum?: unknown }> };
    };
    return persons.items.properties.nationality?.enum;
  });

  it('gives every code of the nationality fields an adjective in each language, or says why not', () => {
    for (const nationalityEnum of nationalityEnums) expect(nationalityEnum).toEqual(COUNTRY_CODES);
    for (const language of LANGUAGES) {
      for (const code of COUNTRY_CODES) {
        const feminine = nationalityAdjective(WORDS[language], code, 'feminine');
        const masculine = nationalityAdjective(WORDS[language], code, 'masculine');
        if (WITHOUT_NATIONALITY.includes(code)) {
          expect(feminine, `${language} ${code}`).toBeUndefined();
        } else {
          expect(feminine, `${language} ${code}`).toMatch(/\S/);
          expect(masculine, `${language} ${code}`).toMatch(/\S/);
        }
      }
    }
  });

  it('holds one entry per state, none for a territory, and only codes the list knows', () => {
    const states = COUNTRY_CODES.filter(
      (code) => !(code in NATIONALITY_STATE) && !WITHOUT_NATIONALITY.includes(code),
    );
    for (const language of LANGUAGES) expect(Object.keys(WORDS[language]).sort()).toEqual(states);
    for (const [territory, state] of Object.entries(NATIONALITY_STATE)) {
      expect(COUNTRY_CODES, territory).toContain(territory);
      expect(states, `${territory} → ${state}`).toContain(state);
    }
  });

  it('writes French and Romanian adjectives in lower case, English ones capitalised, Romanian with ș ț', () => {
    for (const [code, forms] of Object.entries(frWords))
      for (const form of Object.values(forms)) expect(form, code).toBe(form.toLocaleLowerCase('fr'));
    for (const [code, forms] of Object.entries(roWords))
      for (const form of Object.values(forms)) {
        expect(form, code).toBe(form.toLocaleLowerCase('ro'));
        expect(form, code).not.toMatch(/[şţ]/);
      }
    for (const [code, { feminine, masculine }] of Object.entries(enWords)) {
      expect(feminine, code).toMatch(/^\p{Lu}/u);
      expect(masculine, code).toBe(feminine);
    }
    // The forms a deed prints, checked by hand.
    expect(frWords.FR).toEqual({ feminine: 'française', masculine: 'français' });
    expect(roWords.RO).toEqual({ feminine: 'română', masculine: 'român' });
    expect(roWords.HU.feminine).toBe('maghiară');
    expect(enWords.GB.feminine).toBe('British');
  });
});

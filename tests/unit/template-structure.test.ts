/** `check:forms` compares each courtesy translation with its filing copy (scripts/forms/template-structure.ts). */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkTranslationStructure,
  structureDifferences,
  templateStructure,
} from '../../scripts/forms/template-structure';

const differences = (original: string, translation: string) =>
  structureDifferences(templateStructure(original), templateStructure(translation));

describe('a translation against its filing copy', () => {
  it('accepts other words for the same data under the same conditions', () => {
    expect(
      differences(
        '{% if unique %}L’associé unique{% else %}Les associés{% endif %} : {{ company.name | upcase }}',
        '{% if unique %}The sole associate{% else %}The associates{% endif %}: {{ company.name | upcase }}',
      ),
    ).toEqual([]);
  });

  it('lets a translation drop a choice of grammatical gender, and a Romanian one add the "de" of numerals', () => {
    expect(
      differences(
        '{% if personne.female %}née{% else %}né{% endif %} le {{ personne.dateOfBirth }}, durée {{ company.durationYears }} ans',
        'born on {{ personne.dateOfBirth }}, durata {{ company.durationYears }}{% if company.durationYears >= 20 %} de{% endif %} ani',
      ),
    ).toEqual([]);
    // "unless x" tests the same data as "if x", with the branches swapped.
    expect(
      differences('{% if a.isAssociate %}x{% endif %}', '{% unless a.isAssociate %}y{% endunless %}'),
    ).toEqual([]);
  });

  it('lets a translation leave out who signs (`@sign`’s fourth column): nobody signs a translation', () => {
    expect(
      differences(
        "@sign {% include 'fr/_nom', personne: associe %} | Associé | Signature | {% include 'fr/_id', personne: associe %}",
        "@sign {% include 'fr/en/_nom', personne: associe %} | Associate | Signature",
      ),
    ).toEqual([]);
  });

  it('refuses a translation that prints other data, tests other conditions, loops or renders other partials', () => {
    expect(differences('{{ company.name }}', '{{ company.name }} {{ company.capital }}')).toEqual([
      'variables not in the filing copy: company.capital',
    ]);
    expect(differences('{% if capital.fullyPaid %}x{% endif %}', 'x')).toEqual([
      'variables missing: capital.fullyPaid',
      'conditions missing: if capital.fullyPaid',
    ]);
    expect(
      differences('{% for a in associates %}{{ a.name }}{% endfor %}', '{{ associates.first.name }}'),
    ).toEqual([
      'variables missing: associates',
      'variables not in the filing copy: associates.first.name',
      'loops missing: a in associates',
    ]);
    expect(
      differences(
        "{% render 'fr/_nom', personne: representative %}",
        "{% render 'fr/en/_personne', personne: representative %}",
      ),
    ).toEqual([
      "partials missing: 'fr/_nom', personne: representative",
      "partials not in the filing copy: 'fr/_personne', personne: representative",
    ]);
  });
});

describe('checkTranslationStructure', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'kreo-templates-'));
    await mkdir(path.join(root, 'fr/en'), { recursive: true });
    await writeFile(path.join(root, 'fr/statuts.liquid'), '{% if unique %}{{ company.name }}{% endif %}');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('names the translation that differs, and one that has no filing copy', async () => {
    await writeFile(path.join(root, 'fr/en/statuts.liquid'), '{{ company.name }}');
    await writeFile(path.join(root, 'fr/en/annexe.liquid'), '{{ company.name }}');
    expect(checkTranslationStructure(root, 'templates')).toEqual([
      'templates/fr/en/annexe.liquid: no filing copy templates/fr/annexe.liquid to translate',
      'templates/fr/en/statuts.liquid: differs from the filing copy (variables missing: unique; conditions missing: if unique)',
    ]);
  });

  it('passes a translation with the structure of its filing copy', async () => {
    await writeFile(path.join(root, 'fr/en/statuts.liquid'), '{% if unique %}{{ company.name }}{% endif %}');
    expect(checkTranslationStructure(root, 'templates')).toEqual([]);
  });
});

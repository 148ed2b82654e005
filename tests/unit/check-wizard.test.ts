/** `check:forms` on the wizard's content: jurisdictions, legal forms, parameters, steps and migrations. */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkWizard } from '../../scripts/forms/check-wizard';
import { createContentChecker } from '../../scripts/forms/content-checker';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kreo-wizard-'));
  for (const folder of ['schemas/wizard', 'schemas/jurisdictions', 'locales'])
    await cp(folder, path.join(root, folder), { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

// The edits below reach deep into content files whose shape is not typed here: a parsed file is `any`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Content = Record<string, any>;

/** Edits a JSON file of the copy. */
async function edit(file: string, change: (json: Content) => void) {
  const full = path.join(root, file);
  const json = JSON.parse(await readFile(full, 'utf8')) as Content;
  change(json);
  await writeFile(full, JSON.stringify(json));
}

function problems(): string[] {
  const checker = createContentChecker(root);
  checkWizard(checker, root);
  return checker.problems;
}

describe('checkWizard', () => {
  it('finds nothing wrong in the content as it is', () => {
    expect(problems()).toEqual([]);
  });

  it('refuses a legal form whose name has no translation', async () => {
    await edit(
      'schemas/jurisdictions/ro.json',
      (json) => (json.legalForms[0].title = 'jurisdictions:RO.forms.NOPE.title'),
    );
    expect(problems()).toContainEqual(
      expect.stringMatching(
        /ro\.json legal form SRL: title names "jurisdictions:RO\.forms\.NOPE\.title", missing in locales\/fr, en, ro/,
      ),
    );
  });

  it('refuses a legal form the country does not have', async () => {
    await edit('schemas/jurisdictions/fr.json', (json) =>
      json.legalForms.push({ ...json.legalForms[0], code: 'SNC' }),
    );
    expect(problems()).toContainEqual(
      expect.stringMatching(/fr\.json: \/legalForms\/4\/code must be equal to one of the allowed values/),
    );
  });

  it('refuses a parameter without its source, and a form missing a parameter', async () => {
    await edit(
      'schemas/jurisdictions/fr.json',
      (json) => delete json.legalForms[0].parameters.minimumAssociates.source,
    );
    expect(problems()).toContainEqual(
      expect.stringMatching(/fr\.json: .*minimumAssociates must have required property 'source'/),
    );
    await cp('schemas/jurisdictions/fr.json', path.join(root, 'schemas/jurisdictions/fr.json'));
    await edit('schemas/jurisdictions/ro.json', (json) => delete json.parameters.minimumManagers);
    expect(problems()).toContainEqual(
      expect.stringMatching(/ro\.json legal form SRL: parameter minimumManagers is missing/),
    );
  });

  it('asks an unconfirmed figure to say why', async () => {
    await edit('schemas/jurisdictions/ro.json', (json) => {
      json.parameters.minimumShareCapital.source = { law: 'Legea nr. 239/2025, art. VI', confirmed: false };
    });
    expect(problems()).toContainEqual(
      expect.stringMatching(/ro\.json: .*must have required property 'note'/),
    );
  });

  it('refuses a fee without its source or with an untranslated name, and per-form amounts for unknown forms', async () => {
    await edit('schemas/jurisdictions/fr.json', (json) => delete json.fees[0].source);
    expect(problems()).toContainEqual(
      expect.stringMatching(/fr\.json: \/fees\/0 must have required property 'source'/),
    );
    await cp('schemas/jurisdictions/fr.json', path.join(root, 'schemas/jurisdictions/fr.json'));
    await edit(
      'schemas/jurisdictions/ro.json',
      (json) => (json.fees[0].label = 'jurisdictions:RO.fees.nope.label'),
    );
    await edit('locales/en/jurisdictions.json', (json) => delete json.FR.forms.EURL.short);
    const found = problems();
    expect(found).toContainEqual(
      expect.stringMatching(
        /ro\.json fee registration: label names "jurisdictions:RO\.fees\.nope\.label", missing in locales\/fr, en, ro/,
      ),
    );
    expect(found).toContainEqual(
      expect.stringMatching(
        /fr\.json fee legalNotice: perForm\.EURL names "jurisdictions:FR\.forms\.EURL\.short", missing in locales\/en/,
      ),
    );
    await edit('schemas/jurisdictions/ro.json', (json) => (json.fees[1].perForm = { SA: { value: 1 } }));
    expect(problems()).toContainEqual(
      expect.stringMatching(/ro\.json: \/fees\/1\/perForm must be equal to one of the allowed values/),
    );
  });

  it('asks an unconfirmed fee to say why, and refuses a range upside down', async () => {
    await edit('schemas/jurisdictions/ro.json', (json) => {
      json.fees[1].source = { law: 'Legea nr. 202/1998, art. 20', confirmed: false };
    });
    expect(problems()).toContainEqual(
      expect.stringMatching(/ro\.json: \/fees\/1\/source must have required property 'note'/),
    );
    await cp('schemas/jurisdictions/ro.json', path.join(root, 'schemas/jurisdictions/ro.json'));
    await edit(
      'schemas/jurisdictions/ro.json',
      (json) => (json.fees[1].amount = { value: null, min: 152, max: 138 }),
    );
    expect(problems()).toContainEqual(
      expect.stringMatching(/ro\.json fee officialGazette: min is above max/),
    );
  });

  it('refuses a first step that does not offer exactly the legal forms of the jurisdictions', async () => {
    await edit(
      'schemas/wizard/company-form.json',
      (json) => (json.schema.allOf[1].then.properties.legalForm.enum = ['SRL']),
    );
    expect(problems()).toContainEqual(
      expect.stringMatching(
        /company-form\.json: allOf needs "if jurisdiction is RO, then legalForm is one of SRL, SRL_SOLE and currency is RON"/,
      ),
    );
  });

  it('refuses a step naming an unknown parameter, and a required field no step has', async () => {
    await edit(
      'schemas/wizard/company-details.json',
      (json) => (json.schema.properties.shareCapital.minimum = { $param: 'minimumCapitl' }),
    );
    await edit(
      'schemas/jurisdictions/ro.json',
      (json) => (json.parameters.requiredFields.value = ['caenMain', 'vatNumber']),
    );
    const found = problems();
    expect(found).toContainEqual(
      expect.stringMatching(/company-details\.json \(FR-SAS\): .*unknown parameter "minimumCapitl"/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/RO-SRL requires "vatNumber", which no step of that form declares/),
    );
  });

  it('refuses a language warning that names no language the guesser knows, or sits on a number', async () => {
    await edit('schemas/wizard/company-details.json', (json) => {
      json.uiSchema.corporatePurpose['ui:options'].filingLanguageWarning = 'de';
      json.uiSchema.numberOfShares['ui:options'].filingLanguageWarning = { $param: 'filingLanguage' };
    });
    expect(problems()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /corporatePurpose\.ui:options\.filingLanguageWarning must name fr, en or ro.*found "de"/,
        ),
        expect.stringMatching(
          /numberOfShares\.ui:options\.filingLanguageWarning applies to text fields only/,
        ),
      ]),
    );
  });

  it('refuses a new version of the steps without a migration to it', async () => {
    let next = 0;
    await edit('schemas/wizard/steps.json', (json) => {
      json.version += 1;
      next = json.version;
    });
    expect(problems()).toContainEqual(
      expect.stringMatching(new RegExp(`no migration leads to version ${next} \\(steps\\.json\\)`)),
    );
  });

  it('refuses a key a legal form needs but no language has (one text per currency)', async () => {
    await edit('locales/ro/wizard.json', (json) => delete json.errors.shareCapitalMinimum.RON);
    expect(problems()).toContainEqual(
      expect.stringMatching(
        /company-details\.json \(RO-SRL\): shareCapital\.ui:errorMessages\.minimum names "wizard:errors\.shareCapitalMinimum\.RON", missing in locales\/ro/,
      ),
    );
  });
});

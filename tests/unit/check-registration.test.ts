/** `check:forms` on the registration steps outside Kreo (schemas/jurisdictions/registration/). */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkRegistration } from '../../scripts/forms/check-wizard';
import { createContentChecker } from '../../scripts/forms/content-checker';
import type { JurisdictionJson } from '../../src/shared/jurisdictions';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kreo-registration-'));
  for (const folder of ['schemas/jurisdictions', 'locales'])
    await cp(folder, path.join(root, folder), { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

// The edits reach into content files whose shape is not typed here: a parsed file is `any`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Content = Record<string, any>;

async function edit(file: string, change: (json: Content) => void) {
  const full = path.join(root, file);
  const json = JSON.parse(await readFile(full, 'utf8')) as Content;
  change(json);
  await writeFile(full, JSON.stringify(json));
}

async function problems(): Promise<string[]> {
  const checker = createContentChecker(root);
  const jurisdictions = await Promise.all(
    ['fr', 'ro'].map(
      async (code) =>
        JSON.parse(
          await readFile(path.join(root, `schemas/jurisdictions/${code}.json`), 'utf8'),
        ) as JurisdictionJson,
    ),
  );
  checkRegistration(checker, root, jurisdictions);
  return checker.problems;
}

const FR = 'schemas/jurisdictions/registration/fr.json';
const RO = 'schemas/jurisdictions/registration/ro.json';

describe('checkRegistration', () => {
  it('finds nothing wrong in the content as it is', async () => {
    expect(await problems()).toEqual([]);
  });

  it('lists the steps the dashboard expects, in order', async () => {
    const ids = async (file: string) =>
      (JSON.parse(await readFile(path.join(root, file), 'utf8')) as Content).steps.map(
        (step: Content) => step.id,
      );
    expect(await ids(FR)).toEqual(['capitalDeposit', 'legalNotice', 'singleWindowFiling', 'kbisReceived']);
    expect(await ids(RO)).toEqual([
      'nameReservation',
      'capitalDeposit',
      'registeredOffice',
      'onrcFiling',
      'cuiReceived',
    ]);
  });

  it('refuses a fee the country does not list', async () => {
    await edit(FR, (json) => (json.steps[1].costs = [{ fee: 'stampDuty' }]));
    expect(await problems()).toContainEqual(
      expect.stringMatching(/fr\.json step legalNotice: costs\[0\] names the fee "stampDuty"/),
    );
  });

  it('refuses a key missing in one language', async () => {
    await edit('locales/ro/registration.json', (json) => delete json.RO.onrcFiling.explanation);
    expect(await problems()).toContainEqual(
      expect.stringMatching(
        /ro\.json step onrcFiling: explanation names "registration:RO\.onrcFiling\.explanation", missing in locales\/ro/,
      ),
    );
  });

  it('refuses an id used twice', async () => {
    await edit(RO, (json) => (json.reminders[0].id = 'capitalDeposit'));
    expect(await problems()).toContainEqual(
      expect.stringMatching(/ro\.json reminder capitalDeposit: the id "capitalDeposit" is used twice/),
    );
  });

  it('refuses a file that does not follow registration.schema.json', async () => {
    await edit(FR, (json) => (json.steps[0].link = 'http://example.com'));
    expect(await problems()).toContainEqual(expect.stringMatching(/fr\.json: \/steps\/0\/link must match/));
  });

  it('refuses an amount in another currency and an upside-down duration', async () => {
    await edit(RO, (json) => {
      json.steps[0].costs[0].currency = 'EUR';
      json.steps[0].duration = { minDays: 5, maxDays: 1 };
    });
    const found = await problems();
    expect(found).toContainEqual(
      expect.stringMatching(/costs\[0\] is in EUR, but the country's currency is RON/),
    );
    expect(found).toContainEqual(expect.stringMatching(/nameReservation: duration minDays is above maxDays/));
  });

  it('needs the dashboard labels in every language', async () => {
    await edit('locales/en/registration.json', (json) => delete json.labels['daysRange_other']);
    expect(await problems()).toContainEqual(
      expect.stringMatching(/"registration:labels\.daysRange_other", missing in locales\/en/),
    );
  });
});

describe('checkRegistration on the filing guide', () => {
  it('refuses a guide whose step is not a step of its file', async () => {
    await edit(FR, (json) => (json.guide.step = 'filing'));
    expect(await problems()).toContainEqual(
      expect.stringMatching(/fr\.json guide: step "filing" is not a step of this file/),
    );
  });

  it('refuses a field label missing in one language, and an id used twice', async () => {
    await edit('locales/en/registration.json', (json) => delete json.RO.guide.fields.caenMain);
    await edit(RO, (json) => (json.guide.uploads[1].id = json.guide.uploads[0].id));
    const found = await problems();
    expect(found).toContainEqual(
      expect.stringMatching(
        /ro\.json guide screen company field caenMain: label names "registration:RO\.guide\.fields\.caenMain", missing in locales\/en/,
      ),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/ro\.json guide: the upload id "statutes" is used twice/),
    );
  });

  it('refuses a derivation the code does not know and a slot with neither document nor source', async () => {
    await edit(FR, (json) => {
      json.guide.screens[0].fields[0].value = { derive: 'companyNameInCapitals' };
      delete json.guide.uploads[2].obtain;
    });
    const found = (await problems()).join('\n');
    expect(found).toMatch(
      /\/guide\/screens\/0\/fields\/0\/value\/derive must be equal to one of the allowed values/,
    );
    expect(found).toMatch(/\/guide\/uploads\/2 must have required property 'sku'/);
  });

  it('needs the guide labels in every language', async () => {
    await edit('locales/ro/registration.json', (json) => delete json.guide.copied);
    expect(await problems()).toContainEqual(
      expect.stringMatching(/"registration:guide\.copied", missing in locales\/ro/),
    );
  });
});

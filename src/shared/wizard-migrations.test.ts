import { describe, expect, it } from 'vitest';
import migrationsJson from '../../schemas/wizard/migrations.json';
import { versionOneCompanyFile, versionTwoCompanyFile } from '../../tests/fixtures/company-file';
import { knownFields, wizardVersion } from '@/forms/generated/wizard-steps';
import {
  migrateFile,
  migrateStep,
  migrationProblems,
  oldestVersion,
  type MigrationsFileJson,
} from './wizard-migrations';

const migrations = migrationsJson as MigrationsFileJson;
const known = new Set(knownFields);

describe('migrating a company file', () => {
  it('opens a draft saved by the wizard before jurisdictions as a French SAS, every value in its new place', () => {
    const old = versionOneCompanyFile();
    const result = migrateFile(old, 1, wizardVersion, migrations, known);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // The president is the founder (same name): one person; her shorter address as an associate is kept aside.
    expect(result.setAside).toEqual({ 'subscribers.0.address': '12 rue de la Paix, Paris' });
    expect(result.data).toMatchObject({ jurisdiction: 'FR', legalForm: 'SAS', currency: 'EUR' });
    expect(result.data.persons).toEqual([
      {
        id: 'p1',
        kind: 'natural',
        firstNames: 'Camille',
        lastName: 'Dupont',
        dateOfBirth: old.dateOfBirth,
        placeOfBirth: old.placeOfBirth,
        nationality: old.nationality,
        address: old.presidentAddress,
        fatherName: old.fatherName,
        motherName: old.motherName,
      },
      {
        id: 'p2',
        kind: 'natural',
        firstNames: 'Jean',
        lastName: 'Dupont',
        address: '3 place Bellecour, Lyon',
      },
    ]);
    expect(result.data.managers).toEqual([{ personId: 'p1' }]);
    expect(result.data.subscribers).toEqual([
      { personId: 'p1', shares: 60, subscription: 600, paidAmount: 600 },
      { personId: 'p2', shares: 40, subscription: 400, paidAmount: 100 },
    ]);
    for (const name of ['presidentName', 'presidentAddress', 'fullName', 'dateOfBirth', 'address'])
      expect(result.data, name).not.toHaveProperty(name);
    // Every other answer stays where it was, unchanged.
    const moved = new Set([
      'presidentName',
      'presidentAddress',
      'fullName',
      'dateOfBirth',
      'placeOfBirth',
      'nationality',
      'address',
      'fatherName',
      'motherName',
      'subscribers',
    ]);
    for (const [name, value] of Object.entries(old)) {
      if (moved.has(name)) continue;
      expect(result.data[name], name).toEqual(value);
    }
    // The original is not modified.
    expect(old).toHaveProperty('presidentName');
    expect(old).toHaveProperty('fullName');
  });

  it('opens a draft of version 2 with one person per name, roles pointing to them', () => {
    const old = versionTwoCompanyFile();
    const result = migrateFile(old, 2, wizardVersion, migrations, known);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.setAside).toEqual({});
    expect(result.data.persons).toEqual([
      {
        id: 'p1',
        kind: 'natural',
        firstNames: 'Camille',
        lastName: 'Dupont',
        dateOfBirth: old.dateOfBirth,
        placeOfBirth: old.placeOfBirth,
        nationality: old.nationality,
        address: old.address,
        fatherName: old.fatherName,
        motherName: old.motherName,
      },
      {
        id: 'p2',
        kind: 'legal',
        name: 'Holding Martin SAS',
        legalForm: 'SAS',
        registeredOffice: '3 place Bellecour, 69002 Lyon',
      },
    ]);
    expect(result.data.managers).toEqual([{ personId: 'p1' }]);
    expect(result.data.subscribers).toEqual([
      { personId: 'p1', shares: 60, subscription: 600, paidAmount: 600 },
      { personId: 'p2', shares: 40, subscription: 400, paidAmount: 200 },
    ]);
    // Only fields the version 3 steps declare.
    for (const name of Object.keys(result.data)) expect(known, name).toContain(name);
  });

  it('keeps aside, never drops, an answer that has no place any more', () => {
    const result = migrateFile(
      { ...versionOneCompanyFile(), favouriteColour: 'blue' },
      1,
      wizardVersion,
      migrations,
      known,
    );
    expect(result).toMatchObject({ ok: true, setAside: { favouriteColour: 'blue' } });
    if (result.ok) expect(result.data).not.toHaveProperty('favouriteColour');
  });

  it('keeps a moved answer aside when its new place is already taken', () => {
    const old: Record<string, unknown> = {
      ...versionOneCompanyFile(),
      managers: [{ name: 'Already There' }],
    };
    const result = migrateFile(old, 1, wizardVersion, migrations, known);
    expect(result).toMatchObject({ ok: true, setAside: { presidentName: 'Camille Dupont' } });
    if (!result.ok) return;
    // The manager typed keeps his place, with the president's address (moved to version 2's managers/0/address).
    expect(result.data.managers).toEqual([{ personId: 'p2' }]);
    expect((result.data.persons as Record<string, unknown>[])[1]).toEqual({
      id: 'p2',
      kind: 'natural',
      firstNames: 'Already',
      lastName: 'There',
      address: old.presidentAddress,
    });
  });

  it('does not overwrite a jurisdiction the file already has', () => {
    const result = migrateFile({ jurisdiction: 'RO', legalForm: 'SRL' }, 1, wizardVersion, migrations, known);
    expect(result).toMatchObject({
      ok: true,
      data: { jurisdiction: 'RO', legalForm: 'SRL', currency: 'EUR' },
    });
  });

  it('leaves a file of the current version as it is', () => {
    const data = { companyName: 'X', unknownField: 1 };
    expect(migrateFile(data, wizardVersion, wizardVersion, migrations, known)).toEqual({
      ok: true,
      data,
      setAside: {},
    });
  });

  it('refuses a newer version, and a version no migration reaches', () => {
    expect(migrateFile({}, wizardVersion + 1, wizardVersion, migrations, known)).toEqual({
      ok: false,
      reason: 'newer',
    });
    expect(migrateFile({}, 0, wizardVersion, migrations, known)).toEqual({ ok: false, reason: 'unknown' });
    expect(oldestVersion(migrations, wizardVersion)).toBe(1);
  });

  it('refuses a file whose migration names a transform the code does not have', () => {
    const file: MigrationsFileJson = { migrations: [{ from: 1, to: 2, transform: 'unheardOf' }] };
    expect(migrateFile({ a: 1 }, 1, 2, file, new Set(['a']))).toEqual({ ok: false, reason: 'unknown' });
  });

  it('moves a saved step past the steps inserted before it', () => {
    // Version 1 had no first step (country and legal form): its step 2 (management) is step 3 now.
    expect(migrateStep(2, 1, wizardVersion, migrations)).toBe(3);
    expect(migrateStep(0, 1, wizardVersion, migrations)).toBe(1);
    expect(migrateStep(2, wizardVersion, wizardVersion, migrations)).toBe(2);
  });

  it('keeps aside an answer whose new place is of another kind (a name inside a list)', () => {
    const file: MigrationsFileJson = { migrations: [{ from: 1, to: 2, moves: { '/a': '/list/name' } }] };
    const result = migrateFile({ a: 'x', list: [] }, 1, 2, file, new Set(['list']));
    expect(result).toEqual({ ok: true, data: { list: [] }, setAside: { a: 'x' } });
  });

  it("refuses pointers that would reach an object's prototype, and keeps a __proto__ answer as an answer", () => {
    expect(
      migrationProblems({ migrations: [{ from: 1, to: 2, moves: { '/a': '/__proto__/polluted' } }] }),
    ).toEqual(['migration 1→2: "/__proto__/polluted" names a forbidden place']);
    expect(migrationProblems(migrations)).toEqual([]);
    const data = JSON.parse('{"__proto__": {"polluted": true}, "companyName": "X"}') as Record<
      string,
      unknown
    >;
    const result = migrateFile(data, 1, wizardVersion, migrations, known);
    expect(result.ok && Object.keys(result.setAside)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

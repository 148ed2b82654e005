/**
 * Reads the wizard's content from disk (Node only: the build scripts and the server). The browser
 * gets the same content through the generated modules of src/forms/generated/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNTRY_CODES } from '../forms/countries.ts';
import type { CaenClass, JurisdictionJson } from './jurisdictions.ts';

export type { CaenClass };
import type { WizardSource } from './wizard-definition.ts';
import type { MigrationsFileJson } from './wizard-migrations.ts';
import type { StepFileJson } from './wizard-resolve.ts';

export const WIZARD_DIR = 'schemas/wizard';
export const JURISDICTIONS_DIR = 'schemas/jurisdictions';
export const CAEN_FILE = `${JURISDICTIONS_DIR}/caen.json`;
export const CAEN_RESTRICTIONS_FILE = `${JURISDICTIONS_DIR}/caen-restrictions.json`;

export class WizardContentError extends Error {}

export function readJsonFile<T>(path: string): T {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (error) {
    throw new WizardContentError(`${path} cannot be read as JSON: ${(error as Error).message}`);
  }
}

const STEP_ID = /^[a-z][a-z0-9-]*$/;

/** The step names listed by steps.json (kebab-case, no .json: never a path out of the folder). */
export function readStepIndex(root: string): { version: number; stepIds: string[] } {
  const index = readJsonFile<{ version?: unknown; steps?: unknown }>(join(root, WIZARD_DIR, 'steps.json'));
  const ids = index.steps;
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    !ids.every((id) => typeof id === 'string' && STEP_ID.test(id))
  )
    throw new WizardContentError(
      `${WIZARD_DIR}/steps.json: "steps" must list step file names (kebab-case, no .json)`,
    );
  if (typeof index.version !== 'number' || !Number.isInteger(index.version) || index.version < 1)
    throw new WizardContentError(`${WIZARD_DIR}/steps.json: "version" must be a whole number from 1`);
  return { version: index.version, stepIds: ids as string[] };
}

/** The jurisdiction files (`fr.json`, `ro.json`; not the schema nor the data lists), sorted. */
export function jurisdictionFiles(root: string): string[] {
  return readdirSync(join(root, JURISDICTIONS_DIR))
    .filter((file) => /^[a-z]{2}\.json$/.test(file))
    .sort();
}

export function readCaenClasses(root: string): CaenClass[] {
  const path = join(root, CAEN_FILE);
  if (!existsSync(path)) throw new WizardContentError(`${CAEN_FILE} is missing`);
  const file = readJsonFile<{ classes?: CaenClass[] }>(path);
  if (!Array.isArray(file.classes)) throw new WizardContentError(`${CAEN_FILE}: "classes" must be a list`);
  return file.classes;
}

export interface CaenRestrictions {
  notRegistrable: { codes: string[] };
  notForSrl: { codes: string[] };
  mainActivityOnly: { codes: string[] };
}

/**
 * The CAEN classes a Romanian SRL may declare: as its main activity (`caen`), and as a secondary one
 * (`caenSecondary`: not those the law allows only as the main activity).
 */
export function caenLists(root: string): { caen: string[]; caenSecondary: string[] } {
  const restrictions = readJsonFile<CaenRestrictions>(join(root, CAEN_RESTRICTIONS_FILE));
  const excluded = new Set([...restrictions.notRegistrable.codes, ...restrictions.notForSrl.codes]);
  const mainOnly = new Set(restrictions.mainActivityOnly.codes);
  const caen = readCaenClasses(root)
    .map((entry) => entry.code)
    .filter((code) => !excluded.has(code));
  return { caen, caenSecondary: caen.filter((code) => !mainOnly.has(code)) };
}

export function readWizardSource(root: string): WizardSource {
  const { version, stepIds } = readStepIndex(root);
  const steps: Record<string, StepFileJson> = {};
  for (const id of stepIds) steps[id] = readJsonFile<StepFileJson>(join(root, WIZARD_DIR, `${id}.json`));
  return {
    version,
    stepIds,
    steps,
    migrations: readJsonFile<MigrationsFileJson>(join(root, WIZARD_DIR, 'migrations.json')),
    jurisdictions: jurisdictionFiles(root).map((file) =>
      readJsonFile<JurisdictionJson>(join(root, JURISDICTIONS_DIR, file)),
    ),
    lists: { ...caenLists(root), countries: COUNTRY_CODES },
  };
}

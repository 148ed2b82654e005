/**
 * `check:forms` for the wizard: its steps, its jurisdictions and legal forms, its migrations and the
 * CAEN list. Every step is checked as each legal form gets it (parameters filled in), so a key such
 * as `wizard:errors.shareCapitalMinimum.{currency}` must exist for EUR and for RON.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import {
  LEGAL_PARAMETER_NAMES,
  legalFormsOf,
  legalFormShortNameKey,
  type FeeAmount,
  type JurisdictionJson,
} from '../../src/shared/jurisdictions';
import { resolveStepForForm, StepResolutionError, type StepFileJson } from '../../src/shared/wizard-resolve';
import { migrationProblems, type MigrationsFileJson } from '../../src/shared/wizard-migrations';
import {
  CAEN_FILE,
  CAEN_RESTRICTIONS_FILE,
  caenLists,
  JURISDICTIONS_DIR,
  WIZARD_DIR,
  jurisdictionFiles,
  readCaenClasses,
  type CaenClass,
} from '../../src/shared/wizard-source.node.ts';
import { COUNTRY_CODES } from '../../src/forms/countries';
import type { FilingGuide } from '../../src/features/dashboard/filing-guide/guide-content';
import { checkGuide, GUIDE_LABEL_KEYS } from './check-guide';
import { isRecord, type ContentChecker } from './content-checker';

const STEP_META = `${WIZARD_DIR}/step-definition.schema.json`;

/** A range the page would print upside down ("from 200 to 100"). */
const invertedRange = (amount: FeeAmount) =>
  amount.min !== undefined && amount.max !== undefined && amount.min > amount.max;

/**
 * The fees still paid outside Kreo (shown on /plans): each named in three languages, in the country's
 * currency, per-form amounts only for forms the country has. The shape (a source on every fee, a law
 * and a note when unconfirmed) is jurisdiction.schema.json's.
 */
function checkFees(checker: ContentChecker, where: string, json: JurisdictionJson): void {
  const forms = new Set(json.legalForms.map((form) => form.code));
  const ids = new Set<string>();
  for (const fee of json.fees ?? []) {
    const place = `${where} fee ${fee.id}`;
    if (ids.has(fee.id)) checker.problems.push(`${place}: listed twice`);
    ids.add(fee.id);
    checker.checkKey(place, 'label', fee.label);
    if (fee.detail !== undefined) checker.checkKey(place, 'detail', fee.detail);
    if (fee.currency !== json.currency)
      checker.problems.push(
        `${place}: amounts in ${fee.currency}, but the country's currency is ${json.currency}`,
      );
    if (invertedRange(fee.amount)) checker.problems.push(`${place}: min is above max`);
    for (const [code, amount] of Object.entries(fee.perForm ?? {})) {
      if (!forms.has(code)) {
        checker.problems.push(`${place}: perForm names ${code}, which is not a legal form of ${json.code}`);
        continue;
      }
      // The page names the form by this key (it does not load the forms themselves).
      checker.checkKey(place, `perForm.${code}`, legalFormShortNameKey(json.code, code));
      if (invertedRange(amount)) checker.problems.push(`${place}: perForm.${code} min is above max`);
    }
  }
}

function checkJurisdiction(checker: ContentChecker, file: string, json: JurisdictionJson): void {
  const where = `${JURISDICTIONS_DIR}/${file}`;
  if (!checker.checkShape(where, json, `${JURISDICTIONS_DIR}/jurisdiction.schema.json`)) return;
  if (file !== `${json.code.toLowerCase()}.json`)
    checker.problems.push(`${where}: a file named after its code (${json.code.toLowerCase()}.json)`);
  checker.checkKey(where, 'title', json.title);
  if (json.registry !== undefined) checker.checkKey(where, 'registry', json.registry);
  checkFees(checker, where, json);
  const codes = new Set<string>();
  for (const form of json.legalForms) {
    const place = `${where} legal form ${form.code}`;
    if (codes.has(form.code)) checker.problems.push(`${place}: listed twice`);
    codes.add(form.code);
    checker.checkKey(place, 'title', form.title);
    for (const [part, key] of Object.entries(form.explanation))
      checker.checkKey(place, `explanation.${part}`, key);
    const parameters = { ...json.parameters, ...form.parameters };
    for (const name of LEGAL_PARAMETER_NAMES)
      if (!parameters[name])
        checker.problems.push(`${place}: parameter ${name} is missing (in the form or the jurisdiction)`);
    checkPaidUpSchedule(checker, place, parameters);
  }
}

/**
 * The capital's schedule reads as one: the rest is due within months or within years, never both nor
 * neither; a share due after registration comes with nothing due at formation.
 */
function checkPaidUpSchedule(
  checker: ContentChecker,
  place: string,
  parameters: Partial<Record<string, { value: unknown }>>,
): void {
  const known = (name: string) => parameters[name]?.value !== null && parameters[name]?.value !== undefined;
  if (known('remainderWithinMonths') === known('remainderWithinYears'))
    checker.problems.push(
      `${place}: exactly one of remainderWithinMonths and remainderWithinYears must have a value`,
    );
  if (known('paidUpAfterRegistration') && known('minimumPaidUpFraction'))
    checker.problems.push(
      `${place}: paidUpAfterRegistration and minimumPaidUpFraction cannot both have a value (due after registration, or at formation)`,
    );
}

/** The chooser step names exactly the jurisdictions, their forms and their currencies. */
function checkChooser(
  checker: ContentChecker,
  file: string,
  step: StepFileJson,
  jurisdictions: JurisdictionJson[],
): void {
  const properties = isRecord(step.schema.properties) ? step.schema.properties : {};
  const enumOf = (name: string) => {
    const property = properties[name];
    return isRecord(property) && Array.isArray(property.enum) ? property.enum.map(String).sort() : [];
  };
  const same = (a: string[], b: string[]) =>
    a.length === b.length && a.every((value, index) => value === b[index]);
  const countries = jurisdictions.map((jurisdiction) => jurisdiction.code).sort();
  if (!same(enumOf('jurisdiction'), countries))
    checker.problems.push(
      `${file}: jurisdiction must list ${countries.join(', ')} (the files of ${JURISDICTIONS_DIR}/)`,
    );
  const allForms = jurisdictions
    .flatMap((jurisdiction) => jurisdiction.legalForms.map((form) => form.code))
    .sort();
  if (!same(enumOf('legalForm'), [...new Set(allForms)]))
    checker.problems.push(`${file}: legalForm must list ${allForms.join(', ')}`);
  const rules = Array.isArray(step.schema.allOf) ? step.schema.allOf.filter(isRecord) : [];
  for (const jurisdiction of jurisdictions) {
    const rule = rules.find((candidate) => {
      const test =
        isRecord(candidate.if) && isRecord(candidate.if.properties)
          ? candidate.if.properties.jurisdiction
          : undefined;
      return isRecord(test) && test.const === jurisdiction.code;
    });
    const then = isRecord(rule?.then) && isRecord(rule.then.properties) ? rule.then.properties : {};
    const forms =
      isRecord(then.legalForm) && Array.isArray(then.legalForm.enum)
        ? then.legalForm.enum.map(String).sort()
        : [];
    const currency = isRecord(then.currency) ? then.currency.const : undefined;
    const expected = jurisdiction.legalForms.map((form) => form.code).sort();
    if (!same(forms, expected) || currency !== jurisdiction.currency)
      checker.problems.push(
        `${file}: allOf needs "if jurisdiction is ${jurisdiction.code}, then legalForm is one of ${expected.join(', ')} and currency is ${jurisdiction.currency}"`,
      );
  }
}

function checkCaen(checker: ContentChecker, root: string): CaenClass[] {
  let classes: CaenClass[];
  try {
    classes = readCaenClasses(root);
  } catch (error) {
    checker.problems.push((error as Error).message);
    return [];
  }
  const seen = new Set<string>();
  for (const entry of classes) {
    const code = String(entry.code);
    if (!/^\d{4}$/.test(code)) checker.problems.push(`${CAEN_FILE}: "${code}" is not a 4-digit CAEN class`);
    if (seen.has(code)) checker.problems.push(`${CAEN_FILE}: ${code} is listed twice`);
    seen.add(code);
    for (const language of ['ro', 'en', 'fr'] as const)
      if (typeof entry[language] !== 'string' || entry[language].trim() === '')
        checker.problems.push(`${CAEN_FILE}: ${code} has no ${language} name`);
    if (/[şţŞŢ]/.test(entry.ro ?? ''))
      checker.problems.push(`${CAEN_FILE}: ${code} writes ş/ţ with a cedilla (use ș ț)`);
  }
  return classes;
}

export const CAEN_SEARCH_FILE = `${JURISDICTIONS_DIR}/caen-search.json`;

/** Lower case without accents, as the widget searches (src/features/wizard/widgets/caen-search.ts). */
const foldedWords = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/\s+/).join(' ');

/**
 * The CAEN search in founders' words (caen-search.json): its shape, every code a class of caen.json,
 * words in lower case and each once per language (also once accents aside: the search folds them),
 * every authorisation's words in fr, en and ro.
 */
export function checkCaenSearch(checker: ContentChecker, known: Set<string>): { words: number } {
  const { problems } = checker;
  const json = checker.readJson(CAEN_SEARCH_FILE);
  if (!checker.checkShape(CAEN_SEARCH_FILE, json, `${JURISDICTIONS_DIR}/caen-search.schema.json`))
    return { words: 0 };
  const unknown = (place: string, code: string) => {
    if (!known.has(code))
      problems.push(`${CAEN_SEARCH_FILE}: ${place} names ${code}, which ${CAEN_FILE} does not list`);
  };
  let words = 0;
  const synonyms = json.synonyms as Record<string, [string, ...string[]][]>;
  for (const [language, entries] of Object.entries(synonyms)) {
    const seen = new Set<string>();
    for (const [phrase, ...codes] of entries) {
      const place = `synonyms.${language} "${phrase}"`;
      words += 1;
      if (phrase !== phrase.toLowerCase()) problems.push(`${CAEN_SEARCH_FILE}: ${place} must be lower case`);
      const folded = foldedWords(phrase);
      if (seen.has(folded)) problems.push(`${CAEN_SEARCH_FILE}: ${place} is listed twice (accents aside)`);
      seen.add(folded);
      if (new Set(codes).size !== codes.length)
        problems.push(`${CAEN_SEARCH_FILE}: ${place} names a code twice`);
      codes.forEach((code) => unknown(place, code));
    }
  }
  const common = json.common as { codes: string[] };
  common.codes.forEach((code) => unknown('common', code));
  const ids = new Set<string>();
  for (const group of json.authorisations as { id: string; codes: string[] }[]) {
    const place = `authorisations ${group.id}`;
    if (ids.has(group.id)) problems.push(`${CAEN_SEARCH_FILE}: ${place} is listed twice`);
    ids.add(group.id);
    group.codes.forEach((code) => unknown(place, code));
    checker.checkKey(CAEN_SEARCH_FILE, place, `wizard:fields.caen.authorisations.${group.id}`);
  }
  for (const key of ['wizard:fields.caen.authorisationTitle', 'wizard:fields.caen.authorisationFooter'])
    checker.checkKey(CAEN_SEARCH_FILE, 'authorisations', key);
  return { words };
}

export const REGISTRATION_DIR = `${JURISDICTIONS_DIR}/registration`;

/** The dashboard's shared words for the registration steps (registration:labels.…); plural keys per suffix. */
export const REGISTRATION_LABEL_KEYS = [
  'documents',
  'bring',
  'cost',
  'free',
  'duration',
  'sameDay',
  'source',
  'open',
  'estimate',
  'unconfirmed',
  'reminders',
  ...['daysRange', 'workingDaysRange', 'daysSingle', 'workingDaysSingle'].flatMap((key) =>
    ['one', 'few', 'many', 'other'].map((form) => `${key}_${form}`),
  ),
].map((key) => `registration:labels.${key}`);

interface RegistrationCost {
  fee?: string;
  label?: string;
  amount?: FeeAmount;
  currency?: string;
}
interface RegistrationFileJson {
  jurisdiction: string;
  steps: {
    id: string;
    title: string;
    explanation: string;
    bring?: string[];
    costs: RegistrationCost[];
    duration: { minDays: number; maxDays: number; working?: boolean };
  }[];
  reminders: { id: string; title: string; body: string }[];
  guide?: FilingGuide;
}

/** registration.schema.json refers to jurisdiction.schema.json's definitions: both in one AJV. */
function registrationValidator(checker: ContentChecker): ValidateFunction {
  // Both under one base, so that "../jurisdiction.schema.json" resolves as the files lie on disk.
  const base = 'https://kreo.invalid/schemas/jurisdictions/';
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addSchema({
    ...checker.readJson(`${JURISDICTIONS_DIR}/jurisdiction.schema.json`),
    $id: `${base}jurisdiction.schema.json`,
  });
  return ajv.compile({
    ...checker.readJson(`${REGISTRATION_DIR}/registration.schema.json`),
    $id: `${base}registration/registration.schema.json`,
  });
}

/**
 * The registration steps that happen outside Kreo (`jurisdictions/registration/<country>.json`): one file
 * per country, valid against registration.schema.json, step and reminder ids used once, every `fee` a fee
 * of that country's file, amounts in its currency, durations not upside down, every key in fr, en and ro,
 * and the dashboard's shared labels.
 */
export function checkRegistration(
  checker: ContentChecker,
  root: string,
  jurisdictions: JurisdictionJson[],
): { steps: number } {
  const { problems } = checker;
  const dir = join(root, REGISTRATION_DIR);
  const files = existsSync(dir)
    ? readdirSync(dir).filter((file) => file.endsWith('.json') && !file.endsWith('.schema.json'))
    : [];
  const validate = registrationValidator(checker);
  const byCode = new Map(jurisdictions.map((jurisdiction) => [jurisdiction.code, jurisdiction]));
  const covered = new Set<string>();
  let steps = 0;
  for (const file of files.sort()) {
    const where = `${REGISTRATION_DIR}/${file}`;
    const json = checker.readJson(where) as unknown as RegistrationFileJson;
    if (!validate(json)) {
      problems.push(
        `${where}: ${validate.errors?.map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ')}`,
      );
      continue;
    }
    if (file !== `${json.jurisdiction.toLowerCase()}.json`)
      problems.push(
        `${where}: a file named after its jurisdiction (${json.jurisdiction.toLowerCase()}.json)`,
      );
    covered.add(json.jurisdiction);
    const country = byCode.get(json.jurisdiction);
    if (!country) {
      problems.push(`${where}: ${json.jurisdiction} has no file in ${JURISDICTIONS_DIR}/`);
      continue;
    }
    const fees = new Set((country.fees ?? []).map((fee) => fee.id));
    const ids = new Set<string>();
    const once = (place: string, id: string) => {
      if (ids.has(id)) problems.push(`${place}: the id "${id}" is used twice`);
      ids.add(id);
    };
    for (const step of json.steps) {
      steps += 1;
      const place = `${where} step ${step.id}`;
      once(place, step.id);
      checker.checkKey(place, 'title', step.title);
      checker.checkKey(place, 'explanation', step.explanation);
      (step.bring ?? []).forEach((key, index) => checker.checkKey(place, `bring[${index}]`, key));
      step.costs.forEach((cost, index) => {
        if (cost.fee !== undefined) {
          if (!fees.has(cost.fee))
            problems.push(
              `${place}: costs[${index}] names the fee "${cost.fee}", which ${JURISDICTIONS_DIR}/${json.jurisdiction.toLowerCase()}.json does not list`,
            );
          return;
        }
        checker.checkKey(place, `costs[${index}].label`, cost.label);
        if (cost.currency !== country.currency)
          problems.push(
            `${place}: costs[${index}] is in ${cost.currency}, but the country's currency is ${country.currency}`,
          );
        if (cost.amount && invertedRange(cost.amount))
          problems.push(`${place}: costs[${index}] min is above max`);
      });
      if (step.duration.minDays > step.duration.maxDays)
        problems.push(`${place}: duration minDays is above maxDays`);
    }
    for (const reminder of json.reminders) {
      const place = `${where} reminder ${reminder.id}`;
      once(place, reminder.id);
      checker.checkKey(place, 'title', reminder.title);
      checker.checkKey(place, 'body', reminder.body);
    }
    if (json.guide) checkGuide(checker, where, json.guide, new Set(json.steps.map((step) => step.id)));
  }
  for (const code of byCode.keys())
    if (!covered.has(code))
      problems.push(`${REGISTRATION_DIR}: ${code} has no registration steps (${code.toLowerCase()}.json)`);
  for (const key of REGISTRATION_LABEL_KEYS) checker.checkKey(REGISTRATION_DIR, 'labels', key);
  for (const key of GUIDE_LABEL_KEYS) checker.checkKey(REGISTRATION_DIR, 'guide', key);
  return { steps };
}

export function checkWizard(checker: ContentChecker, root: string): { steps: number; legalForms: number } {
  const { problems } = checker;
  const stepIndex = checker.readJson(`${WIZARD_DIR}/steps.json`);
  if (!checker.checkShape(`${WIZARD_DIR}/steps.json`, stepIndex, `${WIZARD_DIR}/steps.schema.json`))
    return { steps: 0, legalForms: 0 };
  const stepIds = stepIndex.steps as string[];
  const version = stepIndex.version as number;
  const listed = new Set(stepIds);
  for (const file of readdirSync(join(root, WIZARD_DIR))) {
    if (
      !file.endsWith('.json') ||
      file.endsWith('.schema.json') ||
      ['steps.json', 'migrations.json'].includes(file)
    )
      continue;
    if (!listed.has(file.slice(0, -'.json'.length)))
      problems.push(`${WIZARD_DIR}/${file} is not listed in ${WIZARD_DIR}/steps.json`);
  }

  const jurisdictions: JurisdictionJson[] = [];
  for (const file of jurisdictionFiles(root)) {
    const json = checker.readJson(`${JURISDICTIONS_DIR}/${file}`) as unknown as JurisdictionJson;
    checkJurisdiction(checker, file, json);
    jurisdictions.push(json);
  }
  const legalForms = problems.length === 0 ? legalFormsOf(jurisdictions) : [];
  checkRegistration(checker, root, jurisdictions);
  const caen = checkCaen(checker, root);
  const known = new Set(caen.map((entry) => entry.code));
  const restrictions = checker.readJson(CAEN_RESTRICTIONS_FILE);
  for (const [name, list] of Object.entries(restrictions)) {
    if (!isRecord(list)) continue;
    for (const code of Array.isArray(list.codes) ? list.codes : [])
      if (!known.has(String(code)))
        problems.push(
          `${CAEN_RESTRICTIONS_FILE}: ${name} names ${String(code)}, which ${CAEN_FILE} does not list`,
        );
  }
  if (caen.length > 0) checkCaenSearch(checker, known);
  let lists: Record<string, readonly unknown[]> = { countries: COUNTRY_CODES };
  try {
    lists = { ...lists, ...caenLists(root) };
  } catch (error) {
    problems.push((error as Error).message);
  }

  const owners = new Map<string, string>();
  const fieldsOfForm = new Map<string, Set<string>>();
  stepIds.forEach((id, index) => {
    const file = `${WIZARD_DIR}/${id}.json`;
    if (!existsSync(join(root, file))) {
      problems.push(`${file} is listed in steps.json but does not exist`);
      return;
    }
    const step = checker.readJson(file) as unknown as StepFileJson;
    if (!checker.checkShape(file, step, STEP_META)) return;
    for (const field of Object.keys(isRecord(step.schema.properties) ? step.schema.properties : {})) {
      const owner = owners.get(field);
      if (owner) problems.push(`${file}: field "${field}" is already a field of ${owner}`);
      else owners.set(field, file);
    }
    if (index === 0) {
      checkChooser(checker, file, step, jurisdictions);
      checker.checkKey(file, 'title', step.title);
      if (step.description !== undefined) checker.checkKey(file, 'description', step.description);
      checker.checkFormSchema(file, step as never);
      return;
    }
    for (const form of legalForms) {
      const where = `${file} (${form.id})`;
      let resolved: StepFileJson;
      try {
        resolved = resolveStepForForm(step, form, lists, file);
      } catch (error) {
        if (error instanceof StepResolutionError) problems.push(`${where}: ${error.message}`);
        else throw error;
        continue;
      }
      checker.checkKey(where, 'title', resolved.title);
      if (resolved.description !== undefined) checker.checkKey(where, 'description', resolved.description);
      checker.checkFormSchema(where, resolved as never);
      const fields = fieldsOfForm.get(form.id) ?? new Set<string>();
      for (const field of Object.keys(isRecord(resolved.schema.properties) ? resolved.schema.properties : {}))
        fields.add(field);
      fieldsOfForm.set(form.id, fields);
    }
  });

  // The law's required fields must be fields the form's steps declare.
  for (const form of legalForms) {
    const required = form.parameters.requiredFields?.value;
    for (const field of Array.isArray(required) ? required : [])
      if (!fieldsOfForm.get(form.id)?.has(String(field)))
        problems.push(
          `${JURISDICTIONS_DIR}: ${form.id} requires "${String(field)}", which no step of that form declares`,
        );
  }

  // Migrations: a chain from the oldest version to this one, moving answers into fields that exist.
  const migrationsPath = `${WIZARD_DIR}/migrations.json`;
  const migrations = checker.readJson(migrationsPath) as unknown as MigrationsFileJson;
  if (checker.checkShape(migrationsPath, migrations, `${WIZARD_DIR}/migrations.schema.json`)) {
    for (const problem of migrationProblems(migrations)) problems.push(`${migrationsPath}: ${problem}`);
    const known = new Set([...owners.keys()]);
    for (const migration of migrations.migrations) {
      const place = `${migrationsPath} ${migration.from}→${migration.to}`;
      if (migration.to !== migration.from + 1)
        problems.push(`${place}: a migration goes from one version to the next`);
      if (migration.to > version) problems.push(`${place}: goes past the current version ${version}`);
      for (const target of Object.values(migration.moves ?? {})) {
        const top = target.split('/')[1] ?? '';
        if (migration.to === version && !known.has(top))
          problems.push(`${place}: moves an answer to "${target}", which no step declares`);
      }
    }
    if (version > 1 && !migrations.migrations.some((migration) => migration.to === version))
      problems.push(
        `${migrationsPath}: no migration leads to version ${version} (steps.json): older drafts would not open`,
      );
  }
  return { steps: stepIds.length, legalForms: legalForms.length };
}

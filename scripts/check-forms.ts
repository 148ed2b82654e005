/**
 * `npm run check:forms`, part of the test command. For every form of schemas/forms/ and every step of
 * schemas/wizard/:
 * - the file matches form-definition.schema.json, and its `schema` is valid JSON Schema that AJV compiles
 *   in strict mode (a misspelt keyword such as "minLenght" is an error, not a silently ignored word);
 * - every field the uiSchema names exists in the schema;
 * - every translation key it names (titles, descriptions, placeholders, help, tooltips, option names,
 *   error messages) exists in locales/fr, en and ro.
 * - the wizard: steps.json lists every step file once, and no two steps declare the same field (together
 *   they are one company file).
 * - schemas/documents.json: valid, translated, SKUs of the catalog, download cards the server can write.
 * The freshness of the precompiled validators is checked by `gen:forms --check`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import addFormats from 'ajv-formats';
import { LANGUAGES } from '../src/lib/i18n/languages';
import {
  ERROR_MESSAGES_KEY,
  TRANSLATED_SCHEMA_TEXTS,
  TRANSLATED_UI_LISTS,
  TRANSLATED_UI_TEMPLATES,
  TRANSLATED_UI_TEXTS,
} from '../src/forms/translation';
import { addFormKeywords } from '../src/forms/keywords';
import {
  FORMS_DIR,
  FORM_AJV_OPTIONS,
  WIZARD_DIR,
  readFormDefinitions,
  readWizardStepIds,
  readWizardSteps,
  type FormDefinitionFile,
} from './forms/compile-form';

const root = process.cwd();
const problems: string[] = [];

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Json;
const metaAjv = new Ajv({ allErrors: true, strict: false });
const checkForm = metaAjv.compile(readJson(`${FORMS_DIR}/form-definition.schema.json`));
const checkStep = metaAjv.compile(readJson(`${WIZARD_DIR}/step-definition.schema.json`));
const checkStepList = metaAjv.compile(readJson(`${WIZARD_DIR}/steps.schema.json`));

const localeCache = new Map<string, Json | null>();
function locale(language: string, namespace: string): Json | null {
  const file = join(root, 'locales', language, `${namespace}.json`);
  if (!localeCache.has(file)) {
    try {
      localeCache.set(file, JSON.parse(readFileSync(file, 'utf8')) as Json);
    } catch {
      localeCache.set(file, null);
    }
  }
  return localeCache.get(file) ?? null;
}

function translationExists(language: string, fullKey: string): boolean {
  const [namespace, key] = fullKey.includes(':') ? fullKey.split(':', 2) : ['forms', fullKey];
  let node: unknown = locale(language, namespace ?? 'forms');
  for (const part of (key ?? '').split('.')) node = isRecord(node) ? node[part] : undefined;
  return typeof node === 'string' && node.trim() !== '';
}

function checkKey(form: string, where: string, key: unknown) {
  if (typeof key !== 'string' || !/^[a-z][\w-]*:[\w.]+$/i.test(key)) {
    problems.push(
      `${form}: ${where} must be a translation key "namespace:key", found ${JSON.stringify(key)}`,
    );
    return;
  }
  const missing = LANGUAGES.filter((language) => !translationExists(language, key));
  if (missing.length > 0)
    problems.push(`${form}: ${where} names "${key}", missing in locales/${missing.join(', ')}`);
}

function checkNode(form: string, path: string, schema: Json, ui: Json) {
  for (const name of [...TRANSLATED_UI_TEXTS, ...TRANSLATED_UI_TEMPLATES])
    if (name in ui) checkKey(form, `${path}${name}`, ui[name]);
  for (const name of TRANSLATED_UI_LISTS) {
    if (!(name in ui)) continue;
    const list = ui[name];
    if (!Array.isArray(list)) problems.push(`${form}: ${path}${name} must be a list of keys`);
    else list.forEach((key, index) => checkKey(form, `${path}${name}[${index}]`, key));
  }
  for (const keyword of TRANSLATED_SCHEMA_TEXTS) {
    if (typeof schema[keyword] === 'string') checkKey(form, `${path}(schema) ${keyword}`, schema[keyword]);
  }
  const messages = ui[ERROR_MESSAGES_KEY];
  if (messages !== undefined) {
    if (!isRecord(messages)) problems.push(`${form}: ${path}${ERROR_MESSAGES_KEY} must map keywords to keys`);
    else
      for (const [keyword, key] of Object.entries(messages)) {
        // A keyword with several rules (sumMatches) has one message per rule.
        if (isRecord(key))
          for (const [rule, ruleKey] of Object.entries(key))
            checkKey(form, `${path}${ERROR_MESSAGES_KEY}.${keyword}.${rule}`, ruleKey);
        else checkKey(form, `${path}${ERROR_MESSAGES_KEY}.${keyword}`, key);
      }
  }
  const properties = isRecord(schema.properties) ? schema.properties : {};
  for (const [name, child] of Object.entries(ui)) {
    if (name.startsWith('ui:')) continue;
    if (name === 'items' && schema.type === 'array') {
      if (isRecord(child) && isRecord(schema.items)) checkNode(form, `${path}items.`, schema.items, child);
      else problems.push(`${form}: ${path}items must describe the fields of the list's elements`);
      continue;
    }
    if (!(name in properties)) {
      problems.push(`${form}: uiSchema names "${path}${name}", which the schema does not have`);
      continue;
    }
    const childSchema = properties[name];
    if (isRecord(child) && isRecord(childSchema)) checkNode(form, `${path}${name}.`, childSchema, child);
  }
  const order = ui['ui:order'];
  if (Array.isArray(order)) {
    for (const name of order) {
      if (name !== '*' && !(String(name) in properties))
        problems.push(`${form}: ui:order names unknown field "${String(name)}"`);
    }
  }
}

function checkDefinition(form: string, definition: FormDefinitionFile['definition'], meta: typeof checkForm) {
  if (!meta(definition)) {
    problems.push(
      `${form}: ${meta.errors?.map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ')}`,
    );
    return false;
  }
  const ajv = addFormKeywords(new Ajv({ ...FORM_AJV_OPTIONS, strict: true, allErrors: true }));
  addFormats(ajv);
  try {
    ajv.compile(definition.schema);
  } catch (error) {
    problems.push(`${form}: the schema is not valid JSON Schema: ${(error as Error).message}`);
    return false;
  }
  checkNode(form, '', definition.schema as Json, (definition.uiSchema ?? {}) as Json);
  return true;
}

const forms = readFormDefinitions(root);
for (const { name, definition } of forms) checkDefinition(`${FORMS_DIR}/${name}.json`, definition, checkForm);

// The wizard: its step list, then each step, then the fields they share.
let stepCount = 0;
const stepList = readJson(`${WIZARD_DIR}/steps.json`);
if (!checkStepList(stepList)) {
  problems.push(`${WIZARD_DIR}/steps.json: ${metaAjv.errorsText(checkStepList.errors)}`);
} else {
  const listed = new Set(readWizardStepIds(root));
  for (const file of readdirSync(join(root, WIZARD_DIR))) {
    if (!file.endsWith('.json') || file.endsWith('.schema.json') || file === 'steps.json') continue;
    if (!listed.has(file.slice(0, -'.json'.length)))
      problems.push(`${WIZARD_DIR}/${file} is not listed in ${WIZARD_DIR}/steps.json`);
  }
  const owners = new Map<string, string>();
  for (const step of readWizardSteps(root)) {
    const file = `${WIZARD_DIR}/${step.id}.json`;
    stepCount += 1;
    if (!checkDefinition(file, step.definition, checkStep)) continue;
    checkKey(file, 'title', step.definition.title);
    if (step.definition.description !== undefined) checkKey(file, 'description', step.definition.description);
    for (const field of Object.keys(step.definition.schema.properties ?? {})) {
      const owner = owners.get(field);
      if (owner) problems.push(`${file}: field "${field}" is already a field of ${owner}`);
      else owners.set(field, file);
    }
  }
}

// schemas/documents.json: the cards of /documents. Each card's words exist, its SKU is a product of the
// catalog, and a download card names a document the server can write (the contract's DocumentSku).
const DOCUMENTS_FILE = 'schemas/documents.json';
const documentsFile = readJson(DOCUMENTS_FILE);
const checkDocuments = metaAjv.compile(readJson('schemas/documents.schema.json'));
let documentCardCount = 0;
if (!checkDocuments(documentsFile)) {
  problems.push(`${DOCUMENTS_FILE}: ${metaAjv.errorsText(checkDocuments.errors)}`);
} else {
  const catalogSkus = new Set(
    ((readJson('schemas/catalog.json').products ?? []) as { sku: string }[]).map((product) => product.sku),
  );
  const contract = parse(readFileSync(join(root, 'openapi/openapi.yaml'), 'utf8')) as {
    components: { schemas: { DocumentSku: { enum: string[] } } };
  };
  const downloadable = new Set(contract.components.schemas.DocumentSku.enum);
  const ids = new Set<string>();
  for (const card of documentsFile.cards as {
    id: string;
    title: string;
    description: string;
    sku: string;
    action: string;
  }[]) {
    documentCardCount += 1;
    const where = `${DOCUMENTS_FILE} card "${card.id}"`;
    if (ids.has(card.id)) problems.push(`${where}: the id is used twice`);
    ids.add(card.id);
    checkKey(where, 'title', card.title);
    checkKey(where, 'description', card.description);
    if (!catalogSkus.has(card.sku))
      problems.push(`${where}: ${card.sku} is not a product of schemas/catalog.json`);
    if (card.action === 'download' && !downloadable.has(card.sku))
      problems.push(
        `${where}: the server writes no document ${card.sku} (DocumentSku in openapi/openapi.yaml)`,
      );
  }
}

if (problems.length > 0) {
  console.error(`Form definitions have problems:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Form definitions valid: ${forms.length} forms, ${stepCount} wizard steps and ${documentCardCount} document cards, every key translated in ${LANGUAGES.join(', ')}.`,
);

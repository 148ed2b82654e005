/**
 * `npm run check:forms`, part of the test command. For every form of schemas/forms/:
 * - the file matches form-definition.schema.json, and its `schema` is valid JSON Schema that AJV compiles
 *   in strict mode (a misspelt keyword such as "minLenght" is an error, not a silently ignored word);
 * - every field the uiSchema names exists in the schema;
 * - every translation key it names (titles, descriptions, placeholders, help, tooltips, option names,
 *   error messages) exists in locales/fr, en and ro.
 * The freshness of the precompiled validators is checked by `gen:forms --check`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { LANGUAGES } from '../src/lib/i18n/languages';
import {
  ERROR_MESSAGES_KEY,
  TRANSLATED_SCHEMA_TEXTS,
  TRANSLATED_UI_LISTS,
  TRANSLATED_UI_TEXTS,
} from '../src/forms/translation';
import { FORMS_DIR, FORM_AJV_OPTIONS, readFormDefinitions } from './forms/compile-form';

const root = process.cwd();
const problems: string[] = [];

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const metaSchema = JSON.parse(
  readFileSync(join(root, FORMS_DIR, 'form-definition.schema.json'), 'utf8'),
) as Json;
const checkFile = new Ajv({ allErrors: true, strict: false }).compile(metaSchema);

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
  for (const name of TRANSLATED_UI_TEXTS) if (name in ui) checkKey(form, `${path}${name}`, ui[name]);
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
      for (const [keyword, key] of Object.entries(messages))
        checkKey(form, `${path}${ERROR_MESSAGES_KEY}.${keyword}`, key);
  }
  const properties = isRecord(schema.properties) ? schema.properties : {};
  for (const [name, child] of Object.entries(ui)) {
    if (name.startsWith('ui:')) continue;
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

const forms = readFormDefinitions(root);
for (const { name, definition } of forms) {
  const form = `${FORMS_DIR}/${name}.json`;
  if (!checkFile(definition)) {
    problems.push(
      `${form}: ${checkFile.errors?.map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ')}`,
    );
    continue;
  }
  const ajv = new Ajv({ ...FORM_AJV_OPTIONS, strict: true, allErrors: true });
  addFormats(ajv);
  try {
    ajv.compile(definition.schema);
  } catch (error) {
    problems.push(`${form}: the schema is not valid JSON Schema: ${(error as Error).message}`);
    continue;
  }
  checkNode(form, '', definition.schema as Json, (definition.uiSchema ?? {}) as Json);
}

if (problems.length > 0) {
  console.error(`Form definitions have problems:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Form definitions valid: ${forms.length} forms, every key translated in ${LANGUAGES.join(', ')}.`,
);

/**
 * What `check:forms` checks in every piece of content that names translation keys and fields: keys
 * exist in fr, en and ro, uiSchemas name existing fields, schemas compile in AJV's strict mode.
 * One checker collects the problems of a whole run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { LANGUAGES } from '../../src/lib/i18n/languages';
import {
  ERROR_MESSAGES_KEY,
  TRANSLATED_SCHEMA_TEXTS,
  TRANSLATED_UI_LISTS,
  TRANSLATED_UI_TEMPLATES,
  TRANSLATED_UI_TEXTS,
} from '../../src/forms/translation';
import { addFormKeywords } from '../../src/forms/keywords';
import { FILING_LANGUAGE_OPTION } from '../../src/forms/filing-language';
import { TEXT_LANGUAGES } from '../../src/shared/text-language';
import { FORM_AJV_OPTIONS, type FormDefinitionFile } from './compile-form';

export type Json = Record<string, unknown>;
export const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function createContentChecker(root: string) {
  const problems: string[] = [];
  const metaAjv = new Ajv({ allErrors: true, strict: false });
  const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Json;
  const metaSchemas = new Map<string, ValidateFunction>();
  /** A validator of a content file's own shape (its *.schema.json), compiled once. */
  const metaSchema = (path: string) => {
    let validate = metaSchemas.get(path);
    if (!validate) {
      validate = metaAjv.compile(readJson(path));
      metaSchemas.set(path, validate);
    }
    return validate;
  };

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
    const options = ui['ui:options'];
    if (isRecord(options) && FILING_LANGUAGE_OPTION in options) {
      const language = options[FILING_LANGUAGE_OPTION];
      if (!(TEXT_LANGUAGES as readonly unknown[]).includes(language))
        problems.push(
          `${form}: ${path}ui:options.${FILING_LANGUAGE_OPTION} must name fr, en or ro (a wizard step: {"$param": "filingLanguage"}), found ${JSON.stringify(language)}`,
        );
      if (schema.type !== 'string')
        problems.push(`${form}: ${path}ui:options.${FILING_LANGUAGE_OPTION} applies to text fields only`);
    }
    const messages = ui[ERROR_MESSAGES_KEY];
    if (messages !== undefined) {
      if (!isRecord(messages))
        problems.push(`${form}: ${path}${ERROR_MESSAGES_KEY} must map keywords to keys`);
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

  /** Checks a file against its own *.schema.json; false (and a problem) when it does not match. */
  function checkShape(form: string, value: unknown, metaSchemaPath: string): boolean {
    const validate = metaSchema(metaSchemaPath);
    if (validate(value)) return true;
    problems.push(
      `${form}: ${validate.errors?.map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ')}`,
    );
    return false;
  }

  /** A form (or resolved wizard step): valid JSON Schema in strict mode, fields and keys that exist. */
  function checkFormSchema(form: string, definition: FormDefinitionFile['definition']): boolean {
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

  return { problems, readJson, checkKey, checkShape, checkFormSchema };
}

export type ContentChecker = ReturnType<typeof createContentChecker>;

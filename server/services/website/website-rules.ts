/**
 * What a site needs to be published, checked with the builder's own form schemas
 * (schemas/forms/website.json, and website-texts.json once per language of the site), so that the
 * page and the server apply one rule that product staff can edit.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject } from 'ajv';
import { DEFAULT_ERROR_KEYWORDS, FORM_AJV_OPTIONS } from '../../../src/forms/ajv-options';
import { addFormKeywords } from '../../../src/forms/keywords';
import { missingPhotoAlts, type WebsiteContent } from '../../../src/shared/website';
import { translator, type ServerLanguage } from '../i18n';

interface FormFile {
  schema: object;
  uiSchema: Record<string, unknown>;
}

function readForm(name: string): FormFile {
  return JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../../schemas/forms/${name}.json`, import.meta.url)), 'utf8'),
  ) as FormFile;
}

const generalForm = readForm('website');
const textsForm = readForm('website-texts');
// With our keywords: the legal notice's fields are required by the company's country (requiredWhen).
const ajv = addFormKeywords(new Ajv({ ...FORM_AJV_OPTIONS, allErrors: true }));
const validateGeneral = ajv.compile(generalForm.schema);
const validateTexts = ajv.compile(textsForm.schema);

/** The field an error is about, as a path of keys ("services.2"), and the uiSchema entry for it. */
function fieldOf(error: ErrorObject): string[] {
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required' || error.keyword === 'requiredWhen')
    path.push(String((error.params as { missingProperty?: string }).missingProperty));
  return path;
}

function uiOf(uiSchema: Record<string, unknown>, path: string[]): Record<string, unknown> | undefined {
  let node: unknown = uiSchema;
  for (const key of path) {
    const record = node as Record<string, unknown> | undefined;
    // An array's items share one entry ("items").
    node = /^\d+$/.test(key) ? record?.items : record?.[key];
  }
  return node as Record<string, unknown> | undefined;
}

function messagesOf(
  form: FormFile,
  errors: ErrorObject[] | null | undefined,
  prefix: string,
  language: ServerLanguage,
  into: Record<string, string>,
) {
  const t = translator(language);
  for (const error of errors ?? []) {
    const path = fieldOf(error);
    const field = [prefix, ...path].filter(Boolean).join('.');
    if (into[field]) continue;
    const custom = (uiOf(form.uiSchema, path)?.['ui:errorMessages'] as Record<string, string> | undefined)?.[
      error.keyword
    ];
    // A field required by the country's law is required like any other (requiredWhen fails as `required`).
    const keyword = error.keyword === 'requiredWhen' ? 'required' : error.keyword;
    const key = custom ?? `forms:errors.${DEFAULT_ERROR_KEYWORDS.has(keyword) ? keyword : 'invalid'}`;
    into[field] = t(key, { limit: (error.params as { limit?: number }).limit });
  }
}

/** Each field that stops the site from being published, and why, in `language` (empty: publishable). */
export function checkWebsiteContent(
  content: WebsiteContent,
  language: ServerLanguage,
): Record<string, string> {
  const fields: Record<string, string> = {};
  const { texts, ...general } = content;
  // Empty optional fields are left out, as the form leaves them (a blank phone is not a bad phone).
  const present = Object.fromEntries(
    Object.entries(general).filter(([, value]) => value !== '' && value !== null),
  );
  if (!validateGeneral(present)) messagesOf(generalForm, validateGeneral.errors, '', language, fields);
  for (const siteLanguage of content.languages) {
    const own = Object.fromEntries(
      Object.entries(texts[siteLanguage] ?? {}).filter(([, value]) => value !== ''),
    );
    if (!validateTexts(own))
      messagesOf(textsForm, validateTexts.errors, `texts.${siteLanguage}`, language, fields);
  }
  // Each photo's text alternative, in each language of the site (the form cannot say it: the list of
  // languages is the data's).
  const t = translator(language);
  for (const path of missingPhotoAlts(content)) {
    const photoLanguage = path.split('.')[3] as ServerLanguage;
    fields[path] = t('website:photos.altRequired', {
      language: t(`website:publish.languageInText.${photoLanguage}`),
    });
  }
  return fields;
}

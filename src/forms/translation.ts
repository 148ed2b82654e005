import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ERROR_KEYWORDS } from './ajv-options';

/** Translates a `namespace:key` string of a form definition; `params` fill its {{placeholders}}. */
export type FormTranslate = (key: string, params?: Record<string, unknown>) => string;

/** uiSchema entries whose string value is a translation key. */
export const TRANSLATED_UI_TEXTS = [
  'ui:title',
  'ui:description',
  'ui:placeholder',
  'ui:help',
  'ui:tooltip',
  // What the review shows for a field left empty, where empty means something (an unlimited duration).
  'ui:summaryEmpty',
] as const;
/**
 * uiSchema entries whose key is translated where it shows, with parameters (`{{number}}` of a list's
 * element). `ui:fillLabel` names a list's shortcut that copies the user's own details into it
 * (`ui:options.fillFrom`).
 */
export const TRANSLATED_UI_TEMPLATES = [
  'ui:itemTitle',
  'ui:addLabel',
  'ui:removeLabel',
  'ui:fillLabel',
] as const;
/** uiSchema entries holding a list of keys (one per enum value). */
export const TRANSLATED_UI_LISTS = ['ui:enumNames'] as const;
/** uiSchema entry mapping a validation keyword (required, minLength, …) to the key of its message. */
export const ERROR_MESSAGES_KEY = 'ui:errorMessages';
/** Schema keywords whose value is a translation key when no ui:title/ui:description overrides it. */
export const TRANSLATED_SCHEMA_TEXTS = ['title', 'description'] as const;

/** Widgets that show words of their own namespace (the nationality list's adjectives). */
const WIDGET_NAMESPACES: Readonly<Record<string, string>> = { nationality: 'nationalities' };

/**
 * The namespaces a definition's keys name (`auth:signup.fields.email` → auth), plus `forms`, plus those
 * of the widgets it names (WIDGET_NAMESPACES): loaded with the form, not while the user waits on a field.
 */
export function namespacesOf(definition: unknown): string[] {
  const found = new Set<string>(['forms']);
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      const match = /^([a-z][\w-]*):[\w.]+$/i.exec(value);
      if (match?.[1]) found.add(match[1]);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (isRecord(value)) {
      const widget = value['ui:widget'];
      const widgetNamespace = typeof widget === 'string' ? WIDGET_NAMESPACES[widget] : undefined;
      if (widgetNamespace) found.add(widgetNamespace);
      Object.values(value).forEach(visit);
    }
  };
  visit(definition);
  return [...found];
}

/**
 * A number as `language` writes it: "1 000" in French, "1,000" in English, "1.000" in Romanian (with
 * Intl's non-breaking spaces, so that a figure never wraps), with cents only when there are some.
 */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/**
 * Parameters with their numbers written in `language` (a limit of 1000 € reads "1 000 €"), except
 * `count`, which i18next needs as a number to choose a plural.
 */
export function localizedParams(
  params: Record<string, unknown> | undefined,
  language: string,
): Record<string, unknown> | undefined {
  if (!params) return params;
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'number' && name !== 'count' && Number.isFinite(value)
        ? formatNumber(value, language)
        : value,
    ]),
  );
}

/**
 * The translate function of the current language, once `namespaces` are loaded (it suspends until
 * then); it changes identity when the language changes, which re-renders the form in place. Numbers
 * given as parameters are written as the language writes them.
 */
export function useFormTranslate(namespaces: readonly string[] = ['forms']): FormTranslate {
  const { t, i18n } = useTranslation(namespaces as never);
  const language = i18n.language;
  return useCallback(
    // Keys come from JSON files, not from code, so they cannot be typed: check:forms verifies them instead.
    (key: string, params?: Record<string, unknown>) =>
      language ? String(t(key as never, localizedParams(params, language) as never)) : key,
    [t, language],
  );
}

type UiNode = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function translateNode(schema: RJSFSchema | undefined, ui: UiNode, translate: FormTranslate): UiNode {
  const result: UiNode = { ...ui };
  for (const name of TRANSLATED_UI_TEXTS) {
    const value = ui[name];
    if (typeof value === 'string') result[name] = translate(value);
  }
  for (const name of TRANSLATED_UI_LISTS) {
    const value = ui[name];
    if (Array.isArray(value))
      result[name] = value.map((key) => (typeof key === 'string' ? translate(key) : key));
  }
  for (const keyword of TRANSLATED_SCHEMA_TEXTS) {
    const uiName = `ui:${keyword}`;
    const value = schema?.[keyword];
    if (result[uiName] === undefined && typeof value === 'string') result[uiName] = translate(value);
  }
  // An object field's own title would otherwise show its key above the fields.
  if (schema?.type === 'object' && result['ui:title'] === undefined) result['ui:title'] = '';

  const properties = isRecord(schema?.properties) ? schema.properties : {};
  for (const [name, propertySchema] of Object.entries(properties)) {
    const child = isRecord(ui[name]) ? (ui[name] as UiNode) : {};
    result[name] = translateNode(isRecord(propertySchema) ? propertySchema : undefined, child, translate);
  }
  // The fields of a list's elements are described under `items`. A multiple choice (elements of an
  // `enum`) names its options on the list itself: RJSF looks there only when `items` has no uiSchema.
  const multipleChoice = isRecord(schema?.items) && Array.isArray(schema.items.enum) && !isRecord(ui.items);
  if (schema?.type === 'array' && isRecord(schema.items) && !multipleChoice) {
    const items = isRecord(ui.items) ? (ui.items as UiNode) : {};
    result.items = translateNode(schema.items as RJSFSchema, items, translate);
  }
  return result;
}

/**
 * The uiSchema with every translation key replaced by its text in the current language. The schema
 * itself is left untouched: the precompiled validator recognizes it by its hash.
 */
export function translateUiSchema(
  schema: RJSFSchema,
  uiSchema: UiSchema,
  translate: FormTranslate,
): UiSchema {
  return translateNode(schema, uiSchema as UiNode, translate) as UiSchema;
}

const TOKEN_PREFIX = 'i18n:';

interface MessageToken {
  key: string;
  params?: Record<string, string | number | boolean>;
}

/**
 * Validation messages travel through RJSF as tokens (key and parameters), and the field templates
 * translate them when they render: switching language re-words the errors already on screen.
 */
export function messageToken(key: string, params?: MessageToken['params']): string {
  return TOKEN_PREFIX + JSON.stringify(params && Object.keys(params).length > 0 ? { key, params } : { key });
}

/** The text of a message token in the current language; any other string is shown as it is. */
export function translateMessage(message: string, translate: FormTranslate): string {
  if (!message.startsWith(TOKEN_PREFIX)) return message;
  try {
    const token = JSON.parse(message.slice(TOKEN_PREFIX.length)) as MessageToken;
    return translate(token.key, token.params);
  } catch {
    return message;
  }
}

/** The uiSchema node of the field an error names (`.subscribers.2.name`: the list's `items`). */
export function uiNodeAt(uiSchema: UiSchema, property: string | undefined): UiNode {
  let node: unknown = uiSchema;
  for (const segment of (property ?? '').split('.').filter(Boolean)) {
    const name = segment.replace(/^\[|\]$/g, '');
    // `.subscribers.2.name`: every element of a list shares the uiSchema of `items`.
    node = isRecord(node) ? node[/^\d+$/.test(name) ? 'items' : name] : undefined;
  }
  return isRecord(node) ? node : {};
}

function primitiveParams(params: unknown): MessageToken['params'] {
  if (!isRecord(params)) return undefined;
  const result: NonNullable<MessageToken['params']> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      result[name] = value;
  }
  return result;
}

/** The key of the message for one validation error: the field's ui:errorMessages, else the default. */
export function errorMessageKey(error: RJSFValidationError, uiSchema: UiSchema): string {
  // A field required in some cases only (requiredWhen) reads as any required field.
  const keyword = error.name === 'requiredWhen' ? 'required' : (error.name ?? '');
  const messages = uiNodeAt(uiSchema, error.property)[ERROR_MESSAGES_KEY];
  let custom = isRecord(messages) ? messages[keyword] : undefined;
  // A keyword checking several rules names one message per rule: by the rule's property (sumMatches),
  // the detail a role needs (personHas) or the reason (personRef, cnp).
  if (isRecord(custom) && isRecord(error.params)) {
    const { property, field, reason } = error.params as Record<string, unknown>;
    custom = custom[String(property ?? field ?? reason)];
  }
  if (typeof custom === 'string') return custom;
  return DEFAULT_ERROR_KEYWORDS.has(keyword) ? `forms:errors.${keyword}` : 'forms:errors.invalid';
}

/** RJSF's `transformErrors`: every AJV error becomes a token of the form's own message for it. */
export function toMessageTokens(errors: RJSFValidationError[], uiSchema: UiSchema): RJSFValidationError[] {
  return errors.map((error) => {
    const message = messageToken(errorMessageKey(error, uiSchema), primitiveParams(error.params));
    return { ...error, message, stack: message };
  });
}

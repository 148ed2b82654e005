/**
 * The website's content as the two forms edit it: website.json's fields, and website-texts.json's once
 * per language. The forms leave an emptied field undefined; the contract wants strings.
 */
import type { ErrorObject } from 'ajv';
import type { FormDefinition, FormValues } from '@/forms/form-definition';
import {
  SITE_LANGUAGES,
  WEBSITE_COLORS,
  WEEK_DAYS,
  missingPhotoAlts,
  type SiteLanguage,
  type WebsiteColor,
  type WebsiteContent,
  type WebsiteTexts,
} from '@/shared/website';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const isWeekDay = (value: unknown): value is (typeof WEEK_DAYS)[number] =>
  (WEEK_DAYS as readonly unknown[]).includes(value);

export const isSiteLanguage = (value: unknown): value is SiteLanguage =>
  (SITE_LANGUAGES as readonly unknown[]).includes(value);

/** The values of the main form (schemas/forms/website.json): a capital not given is no value. */
export function mainValues(content: WebsiteContent): FormValues {
  // The template and the sections have their own controls (website-look.tsx), the texts their forms.
  const { texts: _texts, template: _template, sections: _sections, shareCapital, ...main } = content;
  return typeof shareCapital === 'number' ? { ...main, shareCapital } : main;
}

/** The values of one language's texts form (schemas/forms/website-texts.json). */
export function textsValues(content: WebsiteContent, language: SiteLanguage): FormValues {
  // What is left to translate is not a field: the builder names those texts above the form.
  const { untranslated: _untranslated, ...texts } = content.texts[language] ?? {};
  return texts;
}

/** The content with the main form's values. */
export function withMain(content: WebsiteContent, values: FormValues): WebsiteContent {
  const languages = Array.isArray(values.languages) ? values.languages.filter(isSiteLanguage) : [];
  const color = WEBSITE_COLORS.includes(values.color as WebsiteColor)
    ? (values.color as WebsiteColor)
    : content.color;
  return {
    ...content,
    siteName: text(values.siteName),
    languages: [...new Set(languages)],
    color,
    email: text(values.email),
    phone: text(values.phone),
    address: text(values.address),
    country: values.country === 'RO' || values.country === 'FR' ? values.country : content.country,
    legalForm: text(values.legalForm),
    shareCapital:
      typeof values.shareCapital === 'number' && Number.isFinite(values.shareCapital)
        ? values.shareCapital
        : null,
    registrationPending: values.registrationPending !== false,
    registrationNumber: text(values.registrationNumber),
    taxId: text(values.taxId),
    vatNumber: text(values.vatNumber),
    publicationDirector: text(values.publicationDirector),
    legalDetails: text(values.legalDetails),
    hours: list(values.hours).map((range) => ({
      days: Array.isArray(range.days) ? range.days.filter(isWeekDay) : [],
      opens: text(range.opens),
      closes: text(range.closes),
    })),
  };
}

const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.map((item) =>
        typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {},
      )
    : [];

/**
 * The content with one language's texts (a service just added, still empty, has empty strings). A text
 * copied from another language and marked "to translate" loses the mark once the owner changes it.
 */
export function withTexts(
  content: WebsiteContent,
  language: SiteLanguage,
  values: FormValues,
): WebsiteContent {
  const texts: WebsiteTexts = {
    tagline: text(values.tagline),
    about: text(values.about),
    services: list(values.services).map((service) => ({
      name: text(service.name),
      description: text(service.description),
      price: text(service.price),
    })),
    openingHours: text(values.openingHours),
    team: list(values.team).map((person) => ({ name: text(person.name), role: text(person.role) })),
    faq: list(values.faq).map((entry) => ({ question: text(entry.question), answer: text(entry.answer) })),
  };
  const before = content.texts[language] ?? {};
  const untranslated = (before.untranslated ?? []).filter(
    (path) => translatableText(before, path) === translatableText(texts, path),
  );
  return { ...content, texts: { ...content.texts, [language]: { ...texts, untranslated } } };
}

/** The texts a site's language has to translate, by name: `about`, `services.2.name`, `faq.0.answer`. */
export function translatablePaths(texts: WebsiteTexts): string[] {
  const paths: string[] = [];
  for (const field of ['tagline', 'about', 'openingHours'] as const)
    if ((texts[field] ?? '').trim()) paths.push(field);
  (texts.services ?? []).forEach((service, index) => {
    if ((service.name ?? '').trim()) paths.push(`services.${index}.name`);
    if ((service.description ?? '').trim()) paths.push(`services.${index}.description`);
  });
  (texts.team ?? []).forEach((person, index) => {
    if ((person.role ?? '').trim()) paths.push(`team.${index}.role`);
  });
  (texts.faq ?? []).forEach((entry, index) => {
    if ((entry.question ?? '').trim()) paths.push(`faq.${index}.question`);
    if ((entry.answer ?? '').trim()) paths.push(`faq.${index}.answer`);
  });
  return paths;
}

/** The text at a path of `translatablePaths`, or undefined. */
export function translatableText(texts: WebsiteTexts, path: string): string | undefined {
  const [field = '', index, key = ''] = path.split('.');
  if (index === undefined) return (texts as Record<string, unknown>)[field] as string | undefined;
  const items = (texts as Record<string, unknown>)[field];
  const item = Array.isArray(items)
    ? (items[Number(index)] as Record<string, unknown> | undefined)
    : undefined;
  return item?.[key] as string | undefined;
}

/** The id of the main form and the name of each language's texts form (their fields' ids start so). */
export const MAIN_FORM_NAME = 'website';
export const textsFormName = (language: SiteLanguage) => `website-texts-${language}`;

/** A field the server found missing or wrong when publishing. */
export interface FieldProblem {
  /** The dotted path the server gave (`siteName`, `texts.en.about`, `texts.fr.services.2`). */
  path: string;
  /** The language of a text, null for the main form's fields. */
  language: SiteLanguage | null;
  /** The field's name in its form (`about`, `services`). */
  field: string;
  /** The id of its control on the page. */
  elementId: string;
  message: string;
}

/** The problems of a WEBSITE_INCOMPLETE answer, in the order the page shows the fields. */
export function fieldProblems(fields: Record<string, string>): FieldProblem[] {
  const problems = Object.entries(fields).map(([path, message]): FieldProblem => {
    const parts = path.split('.');
    const [first = '', second, third = '', ...rest] = parts;
    if (first === 'texts' && isSiteLanguage(second)) {
      return {
        path,
        language: second,
        field: third,
        elementId: [textsFormName(second), third, ...rest].join('_'),
        message,
      };
    }
    return { path, language: null, field: first, elementId: [MAIN_FORM_NAME, ...parts].join('_'), message };
  });
  const rank = (problem: FieldProblem) =>
    problem.language ? SITE_LANGUAGES.indexOf(problem.language) + 1 : 0;
  return problems.sort((a, b) => rank(a) - rank(b));
}

/** The values a form checks, as the server checks them: an empty text or a missing number is absent. */
function present(values: object): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '' && value !== null));
}

/** The dotted paths of `data`'s errors under `form` (the server's names: website-rules.ts). */
function errorPaths(form: FormDefinition, data: FormValues, prefix: string, into: Set<string>) {
  const { errors } = form.validator.rawValidation<ErrorObject>(form.schema, data);
  for (const error of errors ?? []) {
    const path = error.instancePath.split('/').filter(Boolean);
    if (error.keyword === 'required' || error.keyword === 'requiredWhen')
      path.push(String((error.params as { missingProperty?: unknown }).missingProperty));
    into.add([prefix, ...path].filter(Boolean).join('.'));
  }
}

/**
 * The fields of `content` that still stop it from being published, by the server's names: the list of
 * problems a refused publish gave shrinks as the founder fixes them (the server checks again at the
 * next publish).
 */
export function openProblemPaths(
  content: WebsiteContent,
  forms: { main: FormDefinition; texts: FormDefinition },
): Set<string> {
  const paths = new Set<string>();
  const { texts, ...general } = content;
  errorPaths(forms.main, present(general), '', paths);
  for (const path of missingPhotoAlts(content)) paths.add(path);
  for (const language of content.languages)
    errorPaths(forms.texts, present(texts[language] ?? {}), `texts.${language}`, paths);
  return paths;
}

/** A text's name for the owner, from its path: "services.2.description" → "Prestation 3, description". */
export function textFieldName(
  t: (key: string, options?: Record<string, unknown>) => string,
  path: string,
): string {
  const [field = '', index, key] = path.split('.');
  if (index === undefined) return t(`fields.${field}.title`);
  const item = t(`fields.${field}.itemTitle`, { number: Number(index) + 1 });
  return key && key !== 'name' ? `${item}, ${t(`fields.${field}.${key}`).toLocaleLowerCase()}` : item;
}

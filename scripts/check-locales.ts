/**
 * The translation check of the test command. For every namespace (the app's, listed in
 * src/lib/i18n/namespaces.ts, and the server's, the other files of locales/fr):
 * fr, en and ro each have the file, the same keys, non-empty strings and the same {{variables}}.
 * Romanian uses the comma-below letters (ș ț), not the cedilla look-alikes (ş ţ). The terms of
 * locales/GLOSSARY.md hold: locales/glossary.json lists the variants no string may use (Romanian's
 * list includes the tu-forms: the register is dumneavoastră), and the English words a French or
 * Romanian string must not leave untranslated. Both rules also cover the strings of schemas/catalog.json.
 * French and Romanian put a space, non-breaking, before a percent sign ("30 %", "{{percent}} %"): a
 * figure glued to its % fails, except in the assistant's phrasings, written as founders type.
 * Keys used in code are checked by the compiler, typed from the French files (i18next.d.ts).
 */
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, isLanguage } from '../src/lib/i18n/languages';
import { NAMESPACES } from '../src/lib/i18n/namespaces';
import { CONTENT_PAGE_SLUGS } from '../src/config/content-pages';
import { isSafeHref, markdownVariables, parseMarkdown } from '../src/shared/markdown';
import { SITE_INFO_FIELDS } from '../src/shared/site-info';

const localesDir = fileURLToPath(new URL('../locales/', import.meta.url));
const problems: string[] = [];

type Flat = Map<string, string>;

function flatten(value: unknown, prefix: string, into: Flat, where: string) {
  if (typeof value === 'string') {
    if (value.trim() === '') problems.push(`${where}: "${prefix}" is empty`);
    into.set(prefix, value);
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value))
      flatten(child, prefix ? `${prefix}.${key}` : key, into, where);
  } else {
    problems.push(`${where}: "${prefix}" must be a string or an object of strings`);
  }
}

const variables = (text: string) =>
  [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

async function load(language: string, namespace: string): Promise<Flat | null> {
  const where = `locales/${language}/${namespace}.json`;
  let text: string;
  try {
    text = await readFile(`${localesDir}${language}/${namespace}.json`, 'utf8');
  } catch {
    problems.push(`${where} is missing`);
    return null;
  }
  try {
    const flat: Flat = new Map();
    flatten(JSON.parse(text) as unknown, '', flat, where);
    return flat;
  } catch (error) {
    problems.push(`${where} is not valid JSON: ${(error as Error).message}`);
    return null;
  }
}

const frFiles = await readdir(`${localesDir}fr`).catch(() => [] as string[]);
const allNamespaces = [
  ...new Set([
    ...NAMESPACES,
    ...frFiles.filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -5)),
  ]),
];

interface Glossary {
  forbidden: Record<string, { word: string; use: string }[]>;
  englishWords: string[];
}
const glossary = JSON.parse(await readFile(`${localesDir}glossary.json`, 'utf8')) as Glossary;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
// A word match that knows accented letters (\b does not): "pack" is not in "package" or "packagé".
const wordPattern = (word: string, flags: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, `u${flags}`);
// French and Romanian typography: "30 %", never "30%". The assistant's phrasings (knowledge.json
// items.<id>.phrasings, faqPhrasings, outsideGuide) are questions as founders type them, and stay so.
const SPACED_PERCENT_LANGUAGES: readonly string[] = ['fr', 'ro'];
const GLUED_PERCENT = /(\p{N}|\}\})%/u;
const isPhrasing = (namespace: string, key: string) =>
  namespace === 'knowledge' &&
  (key.endsWith('.phrasings') || key.startsWith('faqPhrasings.') || key === 'outsideGuide');
const gluedPercent = (language: string, text: string) =>
  SPACED_PERCENT_LANGUAGES.includes(language) && GLUED_PERCENT.test(text);
const GLUED_PERCENT_MESSAGE = 'glues a figure to % ("30%"): write "30 %" with a non-breaking space';

const glossaryRules = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    [
      ...(glossary.forbidden[language] ?? []).map(({ word, use }) => ({
        pattern: wordPattern(word, 'i'),
        message: `uses "${word}": the glossary says "${use}"`,
      })),
      ...(language === 'en' ? [] : glossary.englishWords).map((word) => ({
        pattern: wordPattern(word, ''),
        message: `leaves the English word "${word}" untranslated`,
      })),
    ],
  ]),
);

let keyCount = 0;
for (const namespace of allNamespaces) {
  const byLanguage = new Map<string, Flat>();
  for (const language of LANGUAGES) {
    const flat = await load(language, namespace);
    if (flat) byLanguage.set(language, flat);
  }
  const allKeys = new Set([...byLanguage.values()].flatMap((flat) => [...flat.keys()]));
  keyCount += allKeys.size;
  for (const key of allKeys) {
    const present = [...byLanguage.entries()].filter(([, flat]) => flat.has(key));
    for (const [language] of byLanguage) {
      if (!byLanguage.get(language)?.has(key))
        problems.push(`locales/${language}/${namespace}.json lacks "${key}"`);
    }
    const reference = present[0];
    if (!reference) continue;
    const expected = variables(reference[1].get(key) ?? '');
    for (const [language, flat] of present) {
      const found = variables(flat.get(key) ?? '');
      if (found !== expected) {
        problems.push(
          `${namespace}:${key} uses {{${found}}} in ${language} but {{${expected}}} in ${reference[0]}`,
        );
      }
    }
  }
  for (const [language, flat] of byLanguage)
    for (const [key, text] of flat)
      // An entry's phrasings are how founders ask ("un pack", "la formule"): the assistant matches them
      // and never shows them, so the glossary, which is about what the product says, does not hold there.
      for (const rule of isPhrasing(namespace, key) ? [] : (glossaryRules[language] ?? []))
        if (rule.pattern.test(text))
          problems.push(`locales/${language}/${namespace}.json "${key}" ${rule.message}`);
  for (const [language, flat] of byLanguage)
    for (const [key, text] of flat)
      if (!isPhrasing(namespace, key) && gluedPercent(language, text))
        problems.push(`locales/${language}/${namespace}.json "${key}" ${GLUED_PERCENT_MESSAGE}`);
  for (const [key, text] of byLanguage.get('ro') ?? []) {
    if (/[şţŞŢ]/.test(text))
      problems.push(`locales/ro/${namespace}.json "${key}" uses ş/ţ (cedilla): write ș/ț`);
  }
}

// The catalog's names, descriptions and features reach the screen as written, outside locales/:
// the glossary (and so the Romanian register) and the comma-below letters hold for them too.
const catalogPath = fileURLToPath(new URL('../schemas/catalog.json', import.meta.url));
const catalogTexts: [string, string, string][] = [];
function collectCatalog(value: unknown, path: string, language: string | null) {
  if (typeof value === 'string') {
    if (language) catalogTexts.push([language, path, value]);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => collectCatalog(item, `${path}[${index}]`, language));
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      collectCatalog(child, path ? `${path}.${key}` : key, isLanguage(key) ? key : language);
  }
}
collectCatalog(JSON.parse(await readFile(catalogPath, 'utf8')) as unknown, '', null);
for (const [language, path, text] of catalogTexts) {
  for (const rule of glossaryRules[language] ?? [])
    if (rule.pattern.test(text)) problems.push(`schemas/catalog.json "${path}" ${rule.message}`);
  if (language === 'ro' && /[şţŞŢ]/.test(text))
    problems.push(`schemas/catalog.json "${path}" uses ş/ţ (cedilla): write ș/ț`);
  if (gluedPercent(language, text)) problems.push(`schemas/catalog.json "${path}" ${GLUED_PERCENT_MESSAGE}`);
}

// The content pages (locales/<lang>/pages/<slug>.md): every page in every language, dated, with the same
// sections and the same {{variables}} (each one a field the server knows), and the glossary's words.
let pageCount = 0;
for (const slug of CONTENT_PAGE_SLUGS) {
  const shapes = new Map<string, string>();
  for (const language of LANGUAGES) {
    const where = `locales/${language}/pages/${slug}.md`;
    const source = await readFile(`${localesDir}${language}/pages/${slug}.md`, 'utf8').catch(() => null);
    if (source === null) {
      problems.push(`${where} is missing`);
      continue;
    }
    pageCount += 1;
    const page = parseMarkdown(source);
    if (!page.updated) problems.push(`${where} has no "updated: YYYY-MM-DD" front matter`);
    const used = markdownVariables(source);
    for (const name of used)
      if (!(SITE_INFO_FIELDS as string[]).includes(name))
        problems.push(
          `${where} uses {{${name}}}, which is not a site field (${SITE_INFO_FIELDS.join(', ')})`,
        );
    const links = [...source.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
    for (const href of links)
      if (!isSafeHref(href)) problems.push(`${where} links to "${href}": use a /path, https:// or mailto:`);
    const sections = page.blocks.filter((block) => block.kind === 'heading' && block.level === 2).length;
    shapes.set(language, `${sections} sections, variables {{${used.join(',')}}}`);
    for (const rule of glossaryRules[language] ?? [])
      if (rule.pattern.test(source)) problems.push(`${where} ${rule.message}`);
    if (language === 'ro' && /[şţŞŢ]/.test(source)) problems.push(`${where} uses ş/ţ (cedilla): write ș/ț`);
    if (gluedPercent(language, source)) problems.push(`${where} ${GLUED_PERCENT_MESSAGE}`);
  }
  const french = shapes.get('fr');
  for (const [language, shape] of shapes)
    if (french && shape !== french)
      problems.push(`locales/${language}/pages/${slug}.md has ${shape}, the French page ${french}`);
}

for (const language of LANGUAGES) {
  const files = await readdir(`${localesDir}${language}`).catch(() => []);
  for (const file of files) {
    if (file === 'pages') continue;
    const namespace = file.replace(/\.json$/, '');
    if (!allNamespaces.includes(namespace))
      problems.push(`locales/${language}/${file} has no French original`);
  }
}

if (problems.length > 0) {
  console.error(`Translation check failed (${problems.length}):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `Translations complete: ${allNamespaces.length} namespaces, ${keyCount} keys, ${pageCount} content pages, in ${LANGUAGES.join(', ')}.`,
);

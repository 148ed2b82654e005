/**
 * The translation check of the test command. For every namespace (the app's, listed in
 * src/lib/i18n/namespaces.ts, and the server's, the other files of locales/fr):
 * fr, en and ro each have the file, the same keys, non-empty strings and the same {{variables}}.
 * Romanian uses the comma-below letters (ș ț), not the cedilla look-alikes (ş ţ). The terms of
 * locales/GLOSSARY.md hold: locales/glossary.json lists the variants no string may use, and the English
 * words a French or Romanian string must not leave untranslated.
 * Keys used in code are checked by the compiler, typed from the French files (i18next.d.ts).
 */
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '../src/lib/i18n/languages';
import { NAMESPACES } from '../src/lib/i18n/namespaces';

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
      for (const rule of glossaryRules[language] ?? [])
        if (rule.pattern.test(text))
          problems.push(`locales/${language}/${namespace}.json "${key}" ${rule.message}`);
  for (const [key, text] of byLanguage.get('ro') ?? []) {
    if (/[şţŞŢ]/.test(text))
      problems.push(`locales/ro/${namespace}.json "${key}" uses ş/ţ (cedilla): write ș/ț`);
  }
}

for (const language of LANGUAGES) {
  const files = await readdir(`${localesDir}${language}`).catch(() => []);
  for (const file of files) {
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
  `Translations complete: ${allNamespaces.length} namespaces, ${keyCount} keys, in ${LANGUAGES.join(', ')}.`,
);

/**
 * The structure of a Liquid template, to compare a courtesy translation with its filing copy: what it
 * prints (variable paths), what it tests (branch conditions), what it loops over and which partials it
 * renders. A translation says the same thing in another language, so it must print the same data
 * under the same conditions; only its words differ. Conditions that choose a grammatical form (a
 * person's gender, `*.female`) are left out: English has no "née"/"né" to choose between.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TemplateStructure {
  variables: Set<string>;
  conditions: Set<string>;
  loops: Set<string>;
  partials: Set<string>;
}

const KEYWORDS = new Set([
  'and',
  'or',
  'contains',
  'blank',
  'empty',
  'nil',
  'null',
  'true',
  'false',
  'in',
  'with',
  'for',
  'as',
  'reversed',
  'limit',
  'offset',
  'forloop',
  'tablerowloop',
]);

/** A variable path a condition tests to choose only a word's form, not what is said. */
const isGrammatical = (path: string) => /(^|\.)female$/.test(path) || /(^|\.)civility$/.test(path);
/**
 * A comparison that chooses a numeral's grammar: Romanian puts "de" between a number from 20 up and
 * its noun ("20 de ani", "19 ani"), which a translation into Romanian tests and its original need not.
 */
const isNumeralGrammar = (atom: string) => /(>=|<)\s*20$/.test(atom);

/** The variable paths an expression reads (filters' names and string literals are not variables). */
function pathsOf(expression: string): string[] {
  const withoutStrings = expression.replace(/"[^"]*"|'[^']*'/g, ' ');
  // A filter's name follows "|"; its arguments follow ":" and may be variables.
  const withoutFilters = withoutStrings.replace(/\|\s*[\w-]+/g, ' ');
  const paths = withoutFilters.match(/[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*|\[\d+\])*/g) ?? [];
  return paths
    .map((path) => path.replace(/\[\d+\]/g, '.first'))
    .filter((path) => !KEYWORDS.has(path.split('.')[0] ?? ''));
}

/** `'fr/_id', personne: associe`: the fourth column of an `@sign` line (schemas/documents/README.md). */
const SIGNING_ID_PARTIAL = /^(["'])[a-z]{2}\/_id\1/;

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** `fr/en/_nom` and `fr/_nom` are the same partial, in the translation's language and in the original's. */
const partialName = (expression: string) =>
  expression.replace(/^(["'])([a-z]{2})\/[a-z]{2}\/(_[\w-]+)\1/, '$1$2/$3$1');

/**
 * The names templates assign themselves (assign, capture, a loop's variable), in every file of a
 * jurisdiction's folder: a partial reads the words its caller assigned, which are not the file's data.
 */
export function localNames(sources: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(/{%-?\s*(?:assign|capture)\s+([\w-]+)/g)) names.add(match[1] ?? '');
    for (const match of source.matchAll(/{%-?\s*for\s+([\w-]+)\s+in/g)) names.add(match[1] ?? '');
  }
  return names;
}

export function templateStructure(
  source: string,
  locals: ReadonlySet<string> = localNames([source]),
): TemplateStructure {
  const text = source
    .replace(/{%-?\s*comment\s*-?%}[\s\S]*?{%-?\s*endcomment\s*-?%}/g, '')
    .replace(/{%-?\s*raw\s*-?%}[\s\S]*?{%-?\s*endraw\s*-?%}/g, '');
  const structure: TemplateStructure = {
    variables: new Set(),
    conditions: new Set(),
    loops: new Set(),
    partials: new Set(),
  };
  const isLocal = (path: string) => locals.has(path.split('.')[0] ?? '');
  const addPaths = (expression: string) => {
    for (const path of pathsOf(expression)) {
      if (!isGrammatical(path) && !isLocal(path)) structure.variables.add(path);
    }
  };
  for (const match of text.matchAll(/{{-?([\s\S]*?)-?}}/g)) addPaths(match[1] ?? '');
  for (const match of text.matchAll(/{%-?\s*(\w+)([\s\S]*?)-?%}/g)) {
    const [, tag = '', rest = ''] = match;
    const expression = squeeze(rest);
    switch (tag) {
      case 'if':
      case 'elsif':
      case 'unless': {
        // What the condition tests of the file's data: its grammatical and local parts left out;
        // "unless x" tests what "if x" does (the branches are swapped, not the data).
        const atoms = expression.split(/\s+(?:and|or)\s+/).filter((atom) => {
          const paths = pathsOf(atom);
          if (isNumeralGrammar(atom)) return false;
          return paths.length === 0 || !paths.every((path) => isGrammatical(path) || isLocal(path));
        });
        if (atoms.length > 0) structure.conditions.add(`if ${atoms.join(' · ')}`);
        addPaths(expression);
        break;
      }
      case 'case':
      case 'when':
        if (!pathsOf(expression).every((path) => isGrammatical(path) || isLocal(path)) || tag === 'when')
          structure.conditions.add(`${tag} ${expression}`);
        addPaths(expression);
        break;
      case 'for':
        structure.loops.add(expression);
        addPaths(expression.replace(/^[\w-]+\s+in\s+/, ''));
        break;
      case 'render':
      case 'include':
        // The signatory's id of a signature line (`fr/_id`, `ro/_id`) prints nothing: only the filing
        // copy, which is signed, names who signs; a translation is signed by nobody.
        if (SIGNING_ID_PARTIAL.test(expression)) break;
        structure.partials.add(partialName(expression));
        // Its arguments' values are data (`personne: associe`), their names are the partial's own.
        addPaths(expression.replace(/^["'][^"']*["']/, '').replace(/[\w-]+\s*:/g, ' '));
        break;
      case 'assign':
        addPaths(expression.replace(/^[\w-]+\s*=/, ''));
        break;
      default:
        break;
    }
  }
  return structure;
}

/** What `translation` has and `original` has not, and the reverse, in words for a problem list. */
export function structureDifferences(original: TemplateStructure, translation: TemplateStructure): string[] {
  const differences: string[] = [];
  const compare = (label: string, a: Set<string>, b: Set<string>) => {
    const missing = [...a].filter((item) => !b.has(item));
    const extra = [...b].filter((item) => !a.has(item));
    if (missing.length > 0) differences.push(`${label} missing: ${missing.join(' ; ')}`);
    if (extra.length > 0) differences.push(`${label} not in the filing copy: ${extra.join(' ; ')}`);
  };
  compare('variables', original.variables, translation.variables);
  compare('conditions', original.conditions, translation.conditions);
  compare('loops', original.loops, translation.loops);
  compare('partials', original.partials, translation.partials);
  return differences;
}

/**
 * Every translation file (templates/<jurisdiction>/<language>/x.liquid, partials included) against its
 * filing copy (templates/<jurisdiction>/x.liquid): the problems, one line per file.
 */
export function checkTranslationStructure(templatesDir: string, displayDir: string): string[] {
  const problems: string[] = [];
  const folders = readdirSync(templatesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const jurisdiction of folders) {
    const base = join(templatesDir, jurisdiction.name);
    const languages = readdirSync(base, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const liquidFiles = (dir: string) =>
      readdirSync(dir)
        .filter((name) => name.endsWith('.liquid'))
        .map((name) => readFileSync(join(dir, name), 'utf8'));
    const locals = localNames([
      ...liquidFiles(base),
      ...languages.flatMap((language) => liquidFiles(join(base, language.name))),
    ]);
    for (const language of languages) {
      for (const file of readdirSync(join(base, language.name)).filter((name) => name.endsWith('.liquid'))) {
        const where = `${displayDir}/${jurisdiction.name}/${language.name}/${file}`;
        let original: string;
        try {
          original = readFileSync(join(base, file), 'utf8');
        } catch {
          problems.push(`${where}: no filing copy ${displayDir}/${jurisdiction.name}/${file} to translate`);
          continue;
        }
        const differences = structureDifferences(
          templateStructure(original, locals),
          templateStructure(readFileSync(join(base, language.name, file), 'utf8'), locals),
        );
        if (differences.length > 0)
          problems.push(`${where}: differs from the filing copy (${differences.join('; ')})`);
      }
    }
  }
  return problems;
}

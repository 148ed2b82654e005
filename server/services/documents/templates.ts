/**
 * The document templates staff edit: schemas/documents/templates.json says which Liquid file writes
 * which document for which legal forms in which language; the files live in
 * schemas/documents/templates/. Liquid runs no code: a template can only print values, test them and
 * loop over lists, through the filters registered here.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Liquid, type FS } from 'liquidjs';
import { encodeValue } from './document-model';
import { documentFormats, type DocumentLanguage } from './formats';

export const DOCUMENTS_DIR = 'schemas/documents';
export const TEMPLATES_DIR = `${DOCUMENTS_DIR}/templates`;
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface TemplateEntry {
  sku: string;
  /** `JURISDICTION-FORM` ids, as in schemas/jurisdictions/. */
  forms: string[];
  language: DocumentLanguage;
  /** Relative to schemas/documents/templates/. */
  file: string;
  /** The first words of the downloaded file's name ("statuts"). */
  fileName: string;
  /** Raised by staff when a clause changes; printed in the PDF's metadata. */
  version: string;
  /**
   * A box for the signatories' initials on every page of the signed copy, where the country's
   * practice asks for it (templates.schema.json); never on a courtesy translation.
   */
  initials?: boolean;
}

export interface TemplateManifest {
  templates: TemplateEntry[];
}

export class TemplateError extends Error {}

export function readTemplateManifest(root = repositoryRoot): TemplateManifest {
  const path = join(root, DOCUMENTS_DIR, 'templates.json');
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as TemplateManifest;
  } catch (error) {
    throw new TemplateError(`${DOCUMENTS_DIR}/templates.json: ${(error as Error).message}`);
  }
}

/**
 * A line holding only a tag (`{% if … %}`, `{% endfor %}`) leaves nothing behind, not even its line
 * break, as Jinja's trim_blocks and lstrip_blocks do: the markup's blank lines are the ones staff wrote.
 */
export function trimTagLines(source: string): string {
  return source.replace(/^[ \t]*(\{%-?(?:[^%]|%(?!\}))*-?%\})[ \t]*\r?\n/gm, '$1');
}

/** Liquid's file access, confined to the templates folder, with tag-only lines trimmed. */
function templateFileSystem(): FS {
  const within = (file: string, root: string) => {
    const full = resolve(root, file);
    if (full !== root && !full.startsWith(root + sep))
      throw new TemplateError(`${file} is outside the templates`);
    return full;
  };
  return {
    sep,
    dirname: (file: string) => resolve(file, '..'),
    resolve: (root: string, file: string, ext: string) =>
      within(file.endsWith(ext) ? file : file + ext, root),
    exists: async (file: string) => existsSync(file) && statSync(file).isFile(),
    existsSync: (file: string) => existsSync(file) && statSync(file).isFile(),
    readFile: async (file: string) => trimTagLines(readFileSync(file, 'utf8')),
    readFileSync: (file: string) => trimTagLines(readFileSync(file, 'utf8')),
    contains: async (root: string, file: string) => resolve(file).startsWith(resolve(root) + sep),
    containsSync: (root: string, file: string) => resolve(file).startsWith(resolve(root) + sep),
  };
}

/** One Liquid engine per language: the filters format in that language. */
export function createTemplateEngine(language: DocumentLanguage, root = repositoryRoot): Liquid {
  const templatesRoot = join(root, TEMPLATES_DIR);
  const engine = new Liquid({
    root: templatesRoot,
    partials: templatesRoot,
    extname: '.liquid',
    fs: templateFileSystem(),
    strictVariables: true,
    strictFilters: true,
    outputEscape: encodeValue,
    relativeReference: false,
    cache: true,
  });
  const formats = documentFormats(language);
  const asNumber = (value: unknown) => (typeof value === 'number' ? value : Number(value));
  const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const currencyOf = (scope: { context: { getSync(path: string[]): unknown } }, currency: unknown) =>
    typeof currency === 'string' ? currency : asText(scope.context.getSync(['company', 'currency']));
  engine.registerFilter('money', function (value: unknown, currency?: unknown) {
    return formats.money(asNumber(value), currencyOf(this, currency));
  });
  engine.registerFilter('money_in_words', function (value: unknown, currency?: unknown) {
    return formats.moneyInWords(asNumber(value), currencyOf(this, currency));
  });
  engine.registerFilter('number', (value: unknown, digits?: unknown) =>
    formats.number(asNumber(value), typeof digits === 'number' ? digits : undefined),
  );
  engine.registerFilter('percent', (value: unknown) => formats.percent(asNumber(value)));
  engine.registerFilter('in_words', (value: unknown) => formats.words(asNumber(value)));
  engine.registerFilter('long_date', (value: unknown) => formats.longDate(asText(value)));
  engine.registerFilter('day_month', (value: unknown) => formats.dayMonth(asText(value)));
  engine.registerFilter('country', (value: unknown) => formats.country(asText(value)));
  // `| nationality` prints "française", "română", "French"; `| nationality: "masculine"` "român".
  engine.registerFilter('nationality', (value: unknown, form?: unknown) =>
    formats.nationality(asText(value), form === 'masculine' ? 'masculine' : 'feminine'),
  );
  // A value left empty in a draft prints as a line to fill in rather than vanishing from a clause.
  engine.registerFilter('or_blank', (value: unknown) =>
    value === null || value === undefined || value === '' ? '…………………' : value,
  );
  return engine;
}

/** The SHA-256 of a template and the partials it names: two copies built alike can be told apart. */
export function templateDigest(entry: TemplateEntry, root = repositoryRoot): string {
  const hash = createHash('sha256');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const path = join(root, TEMPLATES_DIR, file);
    if (!existsSync(path)) return;
    const source = readFileSync(path, 'utf8');
    hash.update(file).update('\0').update(source).update('\0');
    for (const match of source.matchAll(/\{%-?\s*(?:render|include)\s+['"]([^'"]+)['"]/g)) {
      const name = match[1] ?? '';
      visit(name.endsWith('.liquid') ? name : `${name}.liquid`);
    }
  };
  visit(entry.file);
  return hash.digest('hex');
}

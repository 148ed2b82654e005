/**
 * The terms of sale's version: the `updated:` date of locales/<language>/pages/sales-terms.md. The
 * consent stored with an order names it. The three languages are one text: they must share it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pagesDir = (language: string) =>
  fileURLToPath(new URL(`../../../locales/${language}/pages/sales-terms.md`, import.meta.url));

export function salesTermsVersionOf(markdown: string): string | null {
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(markdown)?.[1] ?? '';
  return /^updated:\s*(\S+)\s*$/m.exec(frontMatter)?.[1] ?? null;
}

let cached: string | null = null;

/** Throws when a language's terms have no date or another one than French. */
export function salesTermsVersion(): string {
  if (cached) return cached;
  const versions = ['fr', 'en', 'ro'].map((language) => ({
    language,
    version: salesTermsVersionOf(readFileSync(pagesDir(language), 'utf8')),
  }));
  const french = versions[0]?.version;
  const odd = versions.filter((entry) => !entry.version || entry.version !== french);
  if (!french || odd.length > 0)
    throw new Error(
      `The terms of sale must share one "updated:" date: ${versions.map((v) => `${v.language} ${v.version ?? 'none'}`).join(', ')}`,
    );
  cached = french;
  return french;
}

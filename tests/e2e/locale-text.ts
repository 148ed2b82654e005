import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { NAMESPACES, type Namespace } from '../../src/lib/i18n/namespaces';

type Tree = { [key: string]: string | Tree };

const files = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.fromEntries(
      NAMESPACES.map((namespace) => [
        namespace,
        JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, 'utf8')) as Tree,
      ]),
    ),
  ]),
) as Record<Language, Record<Namespace, Tree>>;

/** The server's own namespaces (e-mails, the local checkout page), which the app does not load. */
export type ServerNamespace = 'payment' | 'emails' | 'legal-documents' | 'site';

/** The text a key has in a language, read from locales/ (the tests expect what translators wrote). */
export function text(language: Language, namespace: Namespace | ServerNamespace, key: string): string {
  let node: string | Tree | undefined =
    namespace in files[language]
      ? files[language][namespace as Namespace]
      : (JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, 'utf8')) as Tree);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No text for ${language}/${namespace}:${key}`);
  return node;
}

/**
 * Matches a raw key such as "nav.home" or "footer.services.title" showing on a page instead of its text.
 * The nationalities' keys are country codes ("FR.feminine"), read as a table, never shown as keys; left
 * out, they would match ordinary text ("RO.", "US.").
 */
export const RAW_KEY_PATTERN = new RegExp(
  `\\b(${[
    ...new Set(
      NAMESPACES.filter((namespace) => namespace !== 'nationalities').flatMap((namespace) =>
        Object.keys(files.fr[namespace]),
      ),
    ),
  ].join('|')})\\.[A-Za-z][\\w.]*`,
);

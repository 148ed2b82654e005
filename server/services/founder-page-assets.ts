/**
 * The files of a founder page's code, read from Vite's manifest (dist/.vite/manifest.json, written by the
 * build): the server names them in the page it sends, so the browser fetches them beside the app's entry
 * rather than once the entry has run and asked for them (a round trip and a download later on a phone).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FOUNDER_PAGE_CODE, founderPagePath, SESSION_SHELL_MODULE } from '../../src/config/founder-pages';
import { SERVER_LANGUAGES, type ServerLanguage } from './i18n';

/** One chunk of Vite's manifest (only the fields read here). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageAssets {
  /** Module scripts to preload, as URLs (/assets/…). */
  scripts: string[];
  /** Their stylesheets, in cascade order. */
  styles: string[];
}

const NO_ASSETS: PageAssets = { scripts: [], styles: [] };

/**
 * The files of the chunks `keys` import, themselves included (each once, none of `skip`): each chunk's
 * script, then its imports', then its stylesheets, the order of Vite's own loader (its imports' rules
 * come before its own in the cascade).
 */
function assetsOf(manifest: Manifest, keys: readonly string[], skip: ReadonlySet<string>): PageAssets {
  const seen = new Set<string>();
  const assets: PageAssets = { scripts: [], styles: [] };
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || skip.has(key) || !chunk) return;
    seen.add(key);
    assets.scripts.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const style of chunk.css ?? []) {
      if (!assets.styles.includes(`/${style}`)) assets.styles.push(`/${style}`);
    }
  };
  for (const key of keys) visit(key);
  return assets;
}

/** The keys of the chunks `keys` import, themselves included. */
function chunkKeys(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

function readManifest(spaDir: string): Manifest | null {
  const file = path.join(spaDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    // A build cut short: the pages still work, their code found by the entry as before.
    return null;
  }
}

/**
 * Each founder page's files in each language (its words are chunks of their own), computed once: the
 * build does not change while the server runs. Without a manifest (no build, API-only runs), none.
 */
export function createFounderPageAssets(spaDir: string) {
  const manifest = readManifest(spaDir);
  const byPage = new Map<string, PageAssets>();
  if (manifest) {
    // The entry and what it imports are in index.html already (its script and modulepreload links).
    const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
    const inIndex = chunkKeys(manifest, entries);
    for (const [pathname, code] of Object.entries(FOUNDER_PAGE_CODE)) {
      for (const language of SERVER_LANGUAGES) {
        // Every page reads the common words too; the app asks for them only once its entry runs.
        const words = ['common', ...code.namespaces].map(
          (namespace) => `locales/${language}/${namespace}.json`,
        );
        byPage.set(
          `${language} ${pathname}`,
          assetsOf(manifest, [SESSION_SHELL_MODULE, ...code.modules, ...words], inIndex),
        );
      }
    }
  }
  return {
    /** The founder page's files in that language; none for any other page. */
    of(pathname: string, language: ServerLanguage): PageAssets {
      const page = founderPagePath(pathname);
      return (page && byPage.get(`${language} ${page}`)) || NO_ASSETS;
    },
  };
}

export type FounderPageAssets = ReturnType<typeof createFounderPageAssets>;

/**
 * `npm start` builds the app only when needed: when dist/ is missing or older than any source
 * the build reads (src, locales, schemas, public, index.html, the Vite config, the build script).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const inputs = [
  'src',
  'locales',
  'schemas',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'scripts/build.ts',
  'scripts/build',
];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((child) => newestChange(path.join(entry, child))));
}

const stamp = 'dist/build-complete.json';
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...inputs.map(newestChange));
if (built >= changed) {
  console.log('The app build in dist/ is up to date.');
} else {
  console.log(built ? 'Sources changed since the last build: building the app…' : 'Building the app…');
  const result = spawnSync('npx', ['tsx', 'scripts/build.ts'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

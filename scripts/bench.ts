/**
 * Every benchmark in one run, on one server: the bundle, Lighthouse, the wizard's typing, the API,
 * the documents and the assistant's answers. Prints a table per section and writes them all, with the date and the machine, to
 * docs/benchmarks.md. Builds nothing: `npm run bench` builds first; SPA_DIR serves another build
 * (dist/ by default) and BENCH_PORT fixes the server's port (a free one by default). BENCH_SECONDS
 * and BENCH_LIGHTHOUSE_RUNS set the API runs' length and the Lighthouse runs per page.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { apiTable, benchApi } from './bench-api';
import { assistantTable, benchAssistant } from './bench-assistant';
import { benchBundle, bundleTable } from './bench-bundle';
import { benchDocuments, documentsTable } from './bench-documents';
import { benchLighthouse, lighthouseTable } from './bench-lighthouse';
import { benchPreviews, previewTables } from './bench-previews';
import { startBenchServer } from './bench-server';
import { markdownTable, printTable, type Table } from './bench-report';
import { benchWizard, wizardTable } from './bench-wizard';

const OUTPUT = 'docs/benchmarks.md';
const spaDir = process.env.SPA_DIR ?? 'dist';
const apiSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

if (!existsSync(path.join(spaDir, 'index.html'))) {
  throw new Error(`No build in ${spaDir}/: run \`npm run bench\` (it builds first) or set SPA_DIR`);
}

const startedAt = new Date();
const tables: Table[] = [];
/** Prints the section as soon as it is measured, so a long run shows its progress. */
const report = (table: Table) => {
  printTable(table);
  tables.push(table);
};

const server = await startBenchServer();
let chromiumVersion: string;
let lighthouseVersion: string;
try {
  console.log(`Server on ${server.url}, serving ${spaDir}/`);
  // First, so that Lighthouse finds the server's files already read once.
  report(bundleTable(await benchBundle(server.url, spaDir)));
  const lighthouse = await benchLighthouse(server, lighthouseRuns);
  ({ chromiumVersion, lighthouseVersion } = lighthouse);
  report(lighthouseTable(lighthouse));
  // The same pages as a founder receives them in production, through a TLS front in HTTP/2.
  const behindFront = await startBenchServer({ http2: true });
  try {
    report(lighthouseTable(await benchLighthouse(behindFront, lighthouseRuns)));
  } finally {
    await behindFront.close();
  }
  report(wizardTable(await benchWizard(server.url)));
  report(apiTable(await benchApi(server.url, apiSeconds), apiSeconds));
} finally {
  await server.close();
}
// No server needed: the documents are built in this process, the assistant measured by its test.
report(documentsTable(await benchDocuments()));
// Its own server: six accounts' largest files, previewed at once (security review R3-01).
for (const table of previewTables(await benchPreviews())) report(table);
report(assistantTable(benchAssistant()));

const cpus = os.cpus();
const machine = [
  `CPU ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} cores`,
  `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM`,
  `Node ${process.version}`,
  `Chromium ${chromiumVersion}`,
  `Lighthouse ${lighthouseVersion}`,
].join(', ');
const markdown = [
  '# Benchmarks',
  `Measured on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` ` +
    `(scripts/bench.ts), with the build in ${spaDir}/ served by the real server on loopback.`,
  `Machine: ${machine}.`,
  'Figures depend on the machine and on what else runs on it; compare runs from the same machine. ' +
    'A ✓ or ✗ follows each figure that has a target, with the target in brackets.',
  ...tables.map((table) => `## ${table.title}\n\n${table.note}\n\n${markdownTable(table)}`),
  // The load test's section (`npm run bench:load`) is its own run's: kept as it was.
  ...(await keptLoadSection()),
].join('\n\n');

async function keptLoadSection(): Promise<string[]> {
  const previous = await readFile(OUTPUT, 'utf8').catch(() => '');
  const start = previous.indexOf('\n## Load');
  return start === -1 ? [] : [previous.slice(start + 1).trim()];
}

await mkdir(path.dirname(OUTPUT), { recursive: true });
// Written as the project's Prettier writes markdown, so that `prettier --check` accepts the file.
const options = (await resolveConfig(OUTPUT)) ?? {};
await writeFile(OUTPUT, await format(markdown, { ...options, filepath: OUTPUT }));
console.log(`\n${machine}\nWritten to ${OUTPUT}`);

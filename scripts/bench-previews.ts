/**
 * What a document preview costs, and whether other requests wait for it (security review R3-01), on
 * the real server as `npm start` runs it (scripts/bench-server.ts: rate limits off):
 *   - for each legal form, the preview time of its largest file: as many associates and managers as
 *     the form allows, addresses long enough for a 250 kB body (tests/fixtures: largestCompanyFile);
 *   - six previews of the largest (a SAS of 149 associates) at once, from six accounts, then a cheap request
 *     (GET /api/marketing/offers/list): how long the cheap request waited, over three rounds.
 * `-- --review` sends the security review's own draft instead (a SAS of 3,300 subscribers and 150
 * managers, 255 kB), which this server refuses: run it on an older checkout for the "before" figure.
 *
 *   npm run bench:previews [-- --review]
 */
import { parseArgs } from 'node:util';
import {
  completeCompanyFile,
  FORM_LIMITS,
  largestCompanyFile,
  type CompanyFileValues,
  type LegalFormId,
} from '../tests/fixtures/company-file';
import { isMain, startBenchServer } from './bench-server';
import { median, printTable, withTarget, type Table } from './bench-report';

const PASSWORD = 'Kreo-apercu-2026!';
const AT_ONCE = 6;
const ROUNDS = 3;

/** The review's draft: 3,300 subscribers and 150 managers with short names, 255 kB. */
function reviewFile(): CompanyFileValues {
  const base = completeCompanyFile(2, '2026-01-15', 'FR-SAS');
  return {
    ...base,
    shareCapital: 3300,
    numberOfShares: 3300,
    subscribers: Array.from({ length: 3300 }, (_, index) => ({
      name: `S${index}`,
      address: 'a',
      shares: 1,
      subscription: 1,
      paidAmount: 1,
    })),
    managers: Array.from({ length: 150 }, (_, index) => ({ name: `M${index}`, isAssociate: false })),
  };
}

async function call(url: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - started };
}

export interface PreviewFigures {
  perForm: { form: LegalFormId; status: number; ms: number; kB: number }[];
  load: { file: string; previewMs: number[]; cheapMs: number[]; statuses: number[] };
}

export async function benchPreviews(review = false): Promise<PreviewFigures> {
  const server = await startBenchServer();
  try {
    let counter = 0;
    const account = async () => {
      counter += 1;
      const email = `preview.${counter}.${Date.now()}@example.test`;
      const response = await call(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstname: 'Camille',
          lastname: 'Dupont',
          dateOfBirth: '1990-04-15',
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          language: 'fr',
        }),
      });
      if (response.status !== 200) throw new Error(`register: ${response.status} ${response.body}`);
      return (JSON.parse(response.body) as { accessToken: string }).accessToken;
    };
    // Each account's revision: a save names the one it follows, or is refused (409).
    const revisions = new Map<string, number>();
    const save = async (token: string, data: CompanyFileValues) => {
      const response = await call(`${server.url}/api/company-file/draft`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ data, step: 2, baseRevision: revisions.get(token) ?? 0 }),
      });
      if (response.status === 200)
        revisions.set(token, (JSON.parse(response.body) as { revision: number }).revision);
      return response.status;
    };
    const preview = (token: string) =>
      call(`${server.url}/api/documents/LEGAL_STATUSES/preview`, {
        headers: { authorization: `Bearer ${token}` },
      });

    const perForm: PreviewFigures['perForm'] = [];
    for (const form of Object.keys(FORM_LIMITS) as LegalFormId[]) {
      const token = await account();
      const saved = await save(token, largestCompanyFile(form));
      if (saved !== 200) throw new Error(`${form}: the largest file was refused (${saved})`);
      // The first preview also starts a thread and compiles the templates: measured after it.
      await preview(token);
      const times: number[] = [];
      let last = { status: 0, body: '', ms: 0 };
      for (let run = 0; run < ROUNDS; run += 1) {
        // A new answer each run: the server caches a preview by its answers.
        await save(token, { ...largestCompanyFile(form), companyName: `Run ${run}` });
        last = await preview(token);
        times.push(last.ms);
      }
      perForm.push({ form, status: last.status, ms: median(times), kB: Buffer.byteLength(last.body) / 1024 });
    }

    // The statutes of a SAS of 149 associates: the longest document the law allows.
    const largest: LegalFormId = 'FR-SAS';
    const tokens = await Promise.all(Array.from({ length: AT_ONCE }, account));
    const load: PreviewFigures['load'] = {
      file: review ? 'the review’s draft (3,300 × 150)' : `the largest ${largest} (149 associates, 250 kB)`,
      previewMs: [],
      cheapMs: [],
      statuses: [],
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      const statuses = await Promise.all(
        tokens.map((token, index) =>
          save(token, {
            ...(review ? reviewFile() : largestCompanyFile(largest)),
            companyName: `Charge ${round}-${index}`,
          }),
        ),
      );
      load.statuses.push(...statuses);
      const previews = tokens.map((token) => preview(token));
      // Sent once the six are on their way: the server has them all before it.
      await new Promise((resolve) => setImmediate(resolve));
      const cheap = await call(`${server.url}/api/marketing/offers/list`);
      load.cheapMs.push(cheap.ms);
      for (const result of await Promise.all(previews)) {
        load.previewMs.push(result.ms);
        load.statuses.push(result.status);
      }
    }
    return { perForm, load };
  } finally {
    await server.close();
  }
}

export function previewTables(figures: PreviewFigures): Table[] {
  return [
    {
      title: 'Document previews: the largest file each form allows',
      note: `Median of ${ROUNDS} previews of the statutes, each of new answers (no cache), after a first one.`,
      headers: ['Form', 'Associates', 'Managers', 'Status', 'Median ms', 'Answer kB'],
      numeric: [1, 2, 4, 5],
      rows: figures.perForm.map((row) => [
        row.form,
        String(FORM_LIMITS[row.form].associates),
        String(FORM_LIMITS[row.form].managers),
        String(row.status),
        row.ms.toFixed(0),
        row.kB.toFixed(0),
      ]),
    },
    {
      title: `Six previews at once, and a cheap request meanwhile (${ROUNDS} rounds)`,
      note: `File: ${figures.load.file}. Statuses seen: ${[...new Set(figures.load.statuses)].join(', ')}.`,
      headers: ['Measure', 'Median ms', 'Worst ms'],
      numeric: [1, 2],
      rows: [
        [
          'GET /api/marketing/offers/list',
          median(figures.load.cheapMs).toFixed(0),
          withTarget(
            Math.max(...figures.load.cheapMs).toFixed(0),
            Math.max(...figures.load.cheapMs) < 1000,
            '< 1000',
          ),
        ],
        [
          'each preview (answered)',
          median(figures.load.previewMs).toFixed(0),
          Math.max(...figures.load.previewMs).toFixed(0),
        ],
      ],
    },
  ];
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { review: { type: 'boolean' } } });
  for (const table of previewTables(await benchPreviews(values.review ?? false))) printTable(table);
}

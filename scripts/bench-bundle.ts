/**
 * Bundle benchmark: loads pages of the production build (SPA_DIR, else dist/) in Chromium and adds
 * up the JavaScript each one downloads: as built, gzipped, and as the server sends it to a browser that
 * takes brotli (the build's .br copies), which is what the landing page's 110 kB budget counts (the
 * test suite asserts it in tests/e2e/budgets.spec.ts; here it is reported).
 *
 * The landing page is measured three ways: its first screen on a phone (Pixel 7, the budget's
 * target), its first screen on a desktop, and the whole page once read to the end (the services,
 * pricing and FAQ sections load as the reader scrolls towards them).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, devices, type Browser, type BrowserContextOptions } from '@playwright/test';
import { chromiumExecutable, chromiumArgs } from '../tests/e2e/chromium';
import { isMain, startBenchServer } from './bench-server';
import { kB, printTable, withTarget, type Table } from './bench-report';

const LANDING_BUDGET_KB = 110;
const PHONE = devices['Pixel 7'];
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 720 } };

interface Measure {
  label: string;
  route: string;
  context: BrowserContextOptions;
  readToTheEnd?: boolean;
  budget?: boolean;
}

const MEASURES: Measure[] = [
  { label: '/ phone, first screen', route: '/', context: PHONE, budget: true },
  { label: '/ desktop, first screen', route: '/', context: DESKTOP },
  { label: '/ read to the end', route: '/', context: PHONE, readToTheEnd: true },
  { label: '/login', route: '/login', context: DESKTOP },
  { label: '/plans', route: '/plans', context: DESKTOP },
  { label: '/user-profile', route: '/user-profile', context: DESKTOP },
];

export interface BundleFigures {
  label: string;
  files: number;
  raw: number;
  gzipped: number;
  /** What the server sends a browser that takes brotli: the build's .br copy, else the file itself. */
  sent: number;
  /** The budget in bytes, for the measure it applies to. */
  budget?: number;
}

async function measure(browser: Browser, url: string, spaDir: string, item: Measure) {
  const context = await browser.newContext(item.context);
  const page = await context.newPage();
  // The API is not part of this measure; answer its calls as an anonymous visitor would get them.
  await page.route('**/api/**', (request) =>
    request.fulfill({ status: 401, json: { message: 'Unauthorized' } }),
  );
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  await page.goto(`${url}${item.route}`, { waitUntil: 'networkidle' });
  if (item.readToTheEnd) {
    await page.mouse.wheel(0, 800);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
  }
  let raw = 0;
  let gzipped = 0;
  let sent = 0;
  for (const script of scripts) {
    const file = path.join(spaDir, script);
    const body = await readFile(file);
    raw += body.length;
    gzipped += gzipSync(body).length;
    sent += await readFile(`${file}.br`).then(
      (compressed) => compressed.length,
      () => body.length,
    );
  }
  await context.close();
  return { files: scripts.size, raw, gzipped, sent };
}

/** Measures every page on the server at `base`, which serves the build in `spaDir`. */
export async function benchBundle(base: string, spaDir: string): Promise<BundleFigures[]> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  try {
    const figures: BundleFigures[] = [];
    for (const item of MEASURES) {
      figures.push({
        label: item.label,
        ...(await measure(browser, base, spaDir, item)),
        ...(item.budget ? { budget: LANDING_BUDGET_KB * 1024 } : {}),
      });
    }
    return figures;
  } finally {
    await browser.close();
  }
}

export function bundleTable(figures: BundleFigures[]): Table {
  return {
    title: 'Bundle',
    note: 'JavaScript files each page downloads (API calls answered as for an anonymous visitor): their size as built, gzipped, and as sent to a browser that takes brotli (what the budget counts).',
    headers: ['Page', 'JS files', 'Raw kB', 'Gzip kB', 'Sent kB'],
    numeric: [1, 2, 3],
    rows: figures.map((figure) => [
      figure.label,
      String(figure.files),
      kB(figure.raw),
      kB(figure.gzipped),
      figure.budget === undefined
        ? kB(figure.sent)
        : withTarget(kB(figure.sent), figure.sent <= figure.budget, `≤ ${kB(figure.budget)}`),
    ]),
  };
}

if (isMain(import.meta.url)) {
  const server = await startBenchServer();
  try {
    printTable(bundleTable(await benchBundle(server.url, process.env.SPA_DIR ?? 'dist')));
  } finally {
    await server.close();
  }
}

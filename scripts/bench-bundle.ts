/**
 * Bundle benchmark: loads pages of the production build in Chromium and adds up the JavaScript
 * each one downloads, gzipped as a server would send it. Prints figures; the landing page's
 * budget (110 kB gzipped) is reported, not asserted, since the test suite does no timing or size gates.
 *
 * The landing page is measured three ways: its first screen on a phone (Pixel 7, the budget's
 * target), its first screen on a desktop, and the whole page once read to the end (the services,
 * pricing and FAQ sections load as the reader scrolls towards them).
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { chromium, devices, type Browser, type BrowserContextOptions } from '@playwright/test';
import { chromiumExecutable, chromiumArgs } from '../tests/e2e/chromium';
import { startPreview } from './preview-server';

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

async function measure(browser: Browser, url: string, item: Measure) {
  const context = await browser.newContext(item.context);
  const page = await context.newPage();
  // The API is not part of this measure; answer its calls as an anonymous visitor would get them.
  await page.route('**/api/**', (request) =>
    request.fulfill({ status: 401, json: { message: 'Unauthorized' } }),
  );
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) scripts.add(path);
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
  for (const script of scripts) {
    const body = await readFile(`dist${script}`);
    raw += body.length;
    gzipped += gzipSync(body).length;
  }
  await context.close();
  return { files: scripts.size, raw, gzipped };
}

const server = await startPreview();
const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
try {
  for (const item of MEASURES) {
    const { files, raw, gzipped } = await measure(browser, server.url, item);
    const kb = (bytes: number) => (bytes / 1024).toFixed(2);
    const verdict = item.budget
      ? ` (budget ${LANDING_BUDGET_KB} kB: ${gzipped / 1024 <= LANDING_BUDGET_KB ? 'within' : 'OVER'})`
      : '';
    console.log(
      `${item.label.padEnd(24)} ${String(files).padStart(3)} JS files  ${kb(raw).padStart(7)} kB raw  ${kb(gzipped).padStart(6)} kB gzip${verdict}`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}

/**
 * Bundle benchmark: loads pages of the production build in Chromium and adds up the JavaScript
 * each one downloads, gzipped as a server would send it. Prints figures; the landing page's
 * budget (110 kB gzipped) is reported, not asserted, since the test suite does no timing or size gates.
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumExecutable, chromiumArgs } from '../tests/e2e/chromium';
import { startPreview } from './preview-server';

const LANDING_BUDGET_KB = 110;
const ROUTES = ['/', '/login', '/plans', '/user-profile'];

const server = await startPreview();
const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
try {
  for (const route of ROUTES) {
    const page = await browser.newPage();
    // The API is not part of this measure; answer its calls as an anonymous visitor would get them.
    await page.route('**/api/**', (request) =>
      request.fulfill({ status: 401, json: { message: 'Unauthorized' } }),
    );
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
    let raw = 0;
    let gzipped = 0;
    for (const script of scripts) {
      const body = await readFile(`dist${script}`);
      raw += body.length;
      gzipped += gzipSync(body).length;
    }
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const verdict =
      route === '/'
        ? ` (budget ${LANDING_BUDGET_KB} kB: ${gzipped / 1024 <= LANDING_BUDGET_KB ? 'within' : 'OVER'})`
        : '';
    console.log(
      `${route.padEnd(14)} ${String(scripts.size).padStart(3)} JS files  ${kb(raw).padStart(7)} kB raw  ${kb(gzipped).padStart(6)} kB gzip${verdict}`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}

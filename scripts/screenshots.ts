/**
 * Screenshots of the main screens in every language, for a person to look at before calling a
 * screen done: test-results/screenshots/<lang>-<name>.png. Needs a build (`npm run build`).
 */
import { mkdir } from 'node:fs/promises';
import { chromium, devices } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../tests/e2e/chromium';
import { LANGUAGES, LANGUAGE_STORAGE_KEY } from '../src/lib/i18n/languages';
import { startPreview } from './preview-server';

const outDir = 'test-results/screenshots';
const pages = (
  process.argv[2] ??
  '/,/login,/signup,/plans,/forgot-password,/careers,/success?session_id=cs_test_123,/cancel'
)
  .split(',')
  .filter(Boolean);

await mkdir(outDir, { recursive: true });
const server = await startPreview();
const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
const name = (route: string) =>
  route === '/' ? 'landing' : route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
try {
  for (const language of LANGUAGES) {
    for (const [viewport, options] of [
      ['desktop', { viewport: { width: 1366, height: 900 } }],
      ['mobile', devices['Pixel 7']],
    ] as const) {
      const context = await browser.newContext(options);
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        LANGUAGE_STORAGE_KEY,
        language,
      ] as const);
      await context.route('**/api/**', (route) =>
        route.fulfill({ status: 401, json: { message: 'Unauthorized' } }),
      );
      const page = await context.newPage();
      for (const route of pages) {
        await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
        await page.screenshot({
          path: `${outDir}/${language}-${viewport}-${name(route)}.png`,
          fullPage: viewport === 'desktop',
        });
      }
      if (viewport === 'mobile') {
        await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
        await page.locator('header button[aria-expanded]').last().click();
        await page.screenshot({ path: `${outDir}/${language}-mobile-menu.png` });
      }
      await context.close();
    }
  }
  console.log(`Screenshots in ${outDir}/`);
} finally {
  await browser.close();
  await server.close();
}

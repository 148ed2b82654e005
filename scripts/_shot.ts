import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../tests/e2e/chromium';
const [route, out, lang = 'fr', action = ''] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
await context.addInitScript((l) => localStorage.setItem('kreo.language', l), lang);
const page = await context.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto('http://localhost:4300' + route, { waitUntil: 'networkidle' });
if (action === 'submit') {
  await page
    .getByRole('button', { name: /compte|account|cont/i })
    .last()
    .click();
  await page.waitForTimeout(300);
}
await page.screenshot({ path: out, fullPage: true });
await browser.close();

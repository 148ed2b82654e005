import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './tests/e2e/chromium';

const base = 'http://127.0.0.1:4390';
const lang = process.argv[2] ?? 'fr';
const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: lang });
await context.addInitScript((l) => localStorage.setItem('kreo.language', l), lang);
const page = await context.newPage();
const email = `shot.${Date.now()}@example.com`;
const signup = await page.request.post(`${base}/api/auth/register`, {
  data: { firstname: 'Ana', lastname: 'Pop', email, password: 'secret123', confirmPassword: 'secret123', dateOfBirth: '1990-01-01', language: lang },
});
console.log('signup', signup.status());
await page.goto(`${base}/ai-powered-form`);
await page.waitForTimeout(3000);
await page.screenshot({ path: `/tmp/shots/step1-${lang}.png`, fullPage: true });
const country = process.argv[3] ?? 'FR';
await page.locator(`[id^="wizard-company-form_jurisdiction"]`).filter({ hasText: country === 'FR' ? /Fran/ : /Rom/ }).first().click();
await page.waitForTimeout(800);
await page.screenshot({ path: `/tmp/shots/step1-chosen-${lang}-${country}.png`, fullPage: true });
await browser.close();

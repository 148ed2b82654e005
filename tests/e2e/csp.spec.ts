import { text } from './locale-text';
import { expect, expectFieldError, test } from './real-server';

// server/plugins/spa.ts serves the app with `script-src 'self'` and one inline script's hash: no eval, so the form validators must be
// the precompiled ones. A validator compiled at run time (new Function) would be refused by the browser.

declare global {
  interface Window {
    cspViolations?: { directive: string; blockedURI: string; sample: string }[];
  }
}

test('the sign-up form validates under the Content Security Policy, without any violation', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push({
        directive: event.effectiveDirective,
        blockedURI: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  const consoleMessages: string[] = [];
  page.on('console', (message) => consoleMessages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => consoleMessages.push(`pageerror: ${error.message}`));

  const response = await page.goto('/signup');
  const policy = response?.headers()['content-security-policy'] ?? '';
  // This origin, and the prerendered pages' loader by its hash (server/services/paint-first.ts).
  expect(policy).toMatch(/(^|;\s*)script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
  expect(policy).not.toContain('unsafe-eval');

  // The empty form: the required-field messages come from the validators.
  const submit = page.getByRole('button', { name: text('fr', 'auth', 'signup.submit') });
  await submit.click();
  const field = (key: string) =>
    page.getByRole('textbox', { name: text('fr', 'auth', `signup.fields.${key}`), exact: true });
  await expectFieldError(field('firstname'), text('fr', 'forms', 'errors.required'));
  await expectFieldError(field('email'), text('fr', 'forms', 'errors.required'));

  // An invalid form: pattern, minLength and the $data comparison of the two passwords.
  await field('firstname').fill('Camille');
  await field('email').fill('camille@example');
  await field('password').fill('123');
  await field('confirmPassword').fill('1234');
  await submit.click();
  await expectFieldError(field('email'), text('fr', 'auth', 'signup.errors.emailInvalid'));
  await expectFieldError(field('password'), text('fr', 'auth', 'signup.errors.passwordTooShort'));
  await expectFieldError(field('confirmPassword'), text('fr', 'auth', 'signup.errors.passwordsDiffer'));

  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  expect(consoleMessages.filter((message) => /content security policy|unsafe-eval/i.test(message))).toEqual(
    [],
  );

  // The watch itself works: a script the policy forbids (inline) is refused, seen and logged.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineScriptRan = true;';
    document.head.append(script);
  });
  await expect
    .poll(() => page.evaluate(() => window.cspViolations?.map((violation) => violation.directive)))
    .toEqual(['script-src-elem']);
  expect(await page.evaluate(() => 'inlineScriptRan' in window)).toBe(false);
  await expect
    .poll(() => consoleMessages.filter((message) => /content security policy/i.test(message)).length)
    .toBeGreaterThan(0);
});

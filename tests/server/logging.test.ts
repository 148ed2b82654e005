/** What a logged URL keeps: never a token, a password or a secret, whatever the parameter's case or place. */
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/services/logging';

describe('redactUrl', () => {
  it('redacts token-like parameters, in any case and position', () => {
    expect(redactUrl('/reset-password?token=abc')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/verify-email?lang=fr&TOKEN=abc#x')).toBe('/verify-email?lang=fr&TOKEN=[redacted]#x');
  });

  it('redacts every parameter whose name says it holds a password or a secret (R3-03)', () => {
    const url =
      '/login?login_email=a%40b.c&login_password=Secret-1%21&login_language=en' +
      '&signup_confirmPassword=Secret-2&newPwd=Secret-3&client_secret=Secret-4&PASSWORD=Secret-5&passwd=Secret-6';
    const logged = redactUrl(url);
    for (const secret of ['Secret-1', 'Secret-2', 'Secret-3', 'Secret-4', 'Secret-5', 'Secret-6'])
      expect(logged).not.toContain(secret);
    expect(logged).toBe(
      '/login?login_email=a%40b.c&login_password=[redacted]&login_language=en' +
        '&signup_confirmPassword=[redacted]&newPwd=[redacted]&client_secret=[redacted]&PASSWORD=[redacted]&passwd=[redacted]',
    );
  });

  it('leaves the other parameters and the path alone', () => {
    expect(redactUrl('/help?q=capital&page=2')).toBe('/help?q=capital&page=2');
    expect(redactUrl('/password-tips?lang=ro')).toBe('/password-tips?lang=ro');
  });
});

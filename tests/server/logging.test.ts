/**
 * What a logged URL keeps: never a token, a password or a secret, whatever the parameter's case or
 * place, in JSON lines (production) as in pino-pretty's lines (development).
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl, type LogFormat } from '../../server/services/logging';

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

describe('the server logger', () => {
  /** The lines a Fastify app with the server's logger writes for one request to `url`. */
  async function linesFor(format: LogFormat, url: string): Promise<string[]> {
    let written = '';
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions('info', format, destination) });
    app.get('/reset-password', async () => ({ ok: true }));
    try {
      await app.inject({ url });
      app.log.error(new Error('Failed query: select 1\nparams: secret-value'), 'a failure');
    } finally {
      await app.close();
    }
    return written.split('\n').filter(Boolean);
  }

  const url = '/reset-password?token=SECRET-TOKEN&login_password=Secret-1&lang=fr';

  it('writes JSON lines, redacted', async () => {
    const lines = await linesFor('json', url);
    const parsed = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    expect(parsed.find((line) => line.msg === 'incoming request')?.req?.url).toBe(
      '/reset-password?token=[redacted]&login_password=[redacted]&lang=fr',
    );
    expect(lines.join('\n')).not.toMatch(/SECRET-TOKEN|Secret-1|secret-value/);
  });

  it('writes readable lines through pino-pretty, redacted the same', async () => {
    const lines = await linesFor('pretty', url);
    const incoming = lines.find((line) => line.includes('incoming request'));
    // A time, the level in words, the message, then the fields: not a JSON object.
    expect(incoming).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: incoming request /);
    expect(incoming).toContain('/reset-password?token=[redacted]&login_password=[redacted]&lang=fr');
    expect(lines.some((line) => line.includes('ERROR: a failure'))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/SECRET-TOKEN|Secret-1|secret-value/);
  });
});

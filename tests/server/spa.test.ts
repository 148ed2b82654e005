/** The built app as the server hands it out: history fallback, caching, and the Content-Security-Policy. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from './harness';

let server: TestServer;
let spaDir: string;

beforeAll(async () => {
  spaDir = await mkdtemp(path.join(tmpdir(), 'kreo-spa-test-'));
  await mkdir(path.join(spaDir, 'assets'));
  await writeFile(path.join(spaDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(spaDir, 'assets', 'app-1234.js'), 'console.log(1)');
  server = await startTestServer({ seed: false, config: { spaDir } });
});

afterAll(async () => {
  await server.close();
  await rm(spaDir, { recursive: true, force: true });
});

describe('the single-page app', () => {
  it.each(['/', '/signup', '/user-profile', '/no/such/page'])(
    'answers %s with index.html under a strict CSP',
    async (url) => {
      const response = await server.request(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toContain('unsafe-eval');
      expect(policy).toContain("object-src 'none'");
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets for a year', async () => {
    const response = await server.request('/assets/app-1234.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('keeps unknown API routes a JSON 404', async () => {
    const response = await server.request('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toContain('/api/nothing-here');
  });
});

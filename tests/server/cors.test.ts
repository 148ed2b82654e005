/** CORS_ORIGINS: an app served from another origin may call the API with credentials; others may not. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: { corsOrigins: ['https://app.example.com'] } });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('CORS', () => {
  it('answers the preflight of an allowed origin, credentials and the tunnel header included', async () => {
    const response = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,ngrok-skip-browser-warning',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-headers'])).toContain('ngrok-skip-browser-warning');
  });

  it('gives no CORS headers to another origin', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/marketing/offers/list',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

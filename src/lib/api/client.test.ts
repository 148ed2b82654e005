import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { TUNNEL_HEADER, createApiClient } from './client';
import { ApiError } from './errors';
import { operationSecurity } from './operations.gen';

const API = 'http://api.test';

let mockFetch: Mock<typeof fetch>;

const jsonResponse = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });

function client(token: string | null = null) {
  const api = createApiClient({ baseUrl: API, fetch: mockFetch });
  const provider = vi.fn(() => Promise.resolve(token));
  api.provideAccessToken(provider);
  return { api, provider };
}

function sentRequest(index = 0): Request {
  const call = mockFetch.mock.calls[index];
  if (!call) throw new Error(`no request #${index}`);
  return call[0] as Request;
}

/** The error a call rejected with, asserting that it is an ApiError. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  mockFetch = vi.fn<typeof fetch>(async () => jsonResponse({}));
});

describe('requests', () => {
  it('go to the base URL with credentials and the tunnel header', async () => {
    const { api } = client();
    await api.GET('/api/marketing/products/list');

    const request = sentRequest();
    expect(request.url).toBe(`${API}/api/marketing/products/list`);
    expect(request.method).toBe('GET');
    expect(request.credentials).toBe('include');
    expect(request.headers.get(TUNNEL_HEADER)).toBe('true');
    expect(TUNNEL_HEADER).toBe('ngrok-skip-browser-warning');
  });

  it('send POST bodies as JSON, with the tunnel header', async () => {
    const { api } = client();
    await api.POST('/api/auth/forgot-password', { body: { email: 'camille@example.com' } });

    const request = sentRequest();
    expect(request.method).toBe('POST');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get(TUNNEL_HEADER)).toBe('true');
    expect(request.credentials).toBe('include');
    await expect(request.json()).resolves.toEqual({ email: 'camille@example.com' });
  });

  it('return the parsed answer of a successful call', async () => {
    const { api } = client();
    mockFetch.mockResolvedValue(jsonResponse({ accessToken: 'abc' }));

    const { data } = await api.POST('/api/auth/login', { body: { email: 'a@b.co', password: 'secret1' } });
    expect(data).toEqual({ accessToken: 'abc' });
  });
});

/** A create-session body as the order page sends it. */
const ORDER = {
  offerSku: 'STANDARD_PACKAGE',
  planSku: 'STANDARD_PACKAGE_ONE_TIME',
  consent: { immediateAccess: true, termsVersion: '2026-11-27', language: 'fr' as const },
  billing: {
    name: 'Camille Dupont',
    address: '12 rue des Lilas',
    postalCode: '69003',
    city: 'Lyon',
    country: 'FR',
  },
};

describe('bearer token', () => {
  it('is sent on a protected GET', async () => {
    const { api } = client('token-123');
    await api.GET('/api/user/info');

    expect(sentRequest().headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('is sent on a protected POST, next to its JSON body', async () => {
    const { api } = client('token-123');
    await api.POST('/api/checkout/create-session', { body: ORDER });

    const request = sentRequest();
    expect(request.headers.get('Authorization')).toBe('Bearer token-123');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get(TUNNEL_HEADER)).toBe('true');
    await expect(request.json()).resolves.toEqual(ORDER);
  });

  it.each([
    ['GET', '/api/resend-verification-email'],
    ['POST', '/api/user/update-profile'],
  ] as const)('is sent on %s %s', async (method, path) => {
    const { api } = client('token-123');
    if (method === 'GET') await api.GET(path);
    else await api.POST(path, { body: { firstname: 'Camille', lastname: 'Martin', email: 'c@m.fr' } });

    expect(sentRequest().headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('is not sent on public calls even when the user has a token, nor asked for', async () => {
    const { api, provider } = client('token-123');
    await api.GET('/api/marketing/offers/list');
    await api.POST('/api/auth/login', { body: { email: 'a@b.co', password: 'secret1' } });
    await api.POST('/api/auth/register', {
      body: {
        firstname: 'Camille',
        lastname: 'Martin',
        email: 'c@m.fr',
        password: 'secret1',
        confirmPassword: 'secret1',
        dateOfBirth: '2000-01-01',
      },
    });

    expect(mockFetch).toHaveBeenCalledTimes(3);
    for (const [input] of mockFetch.mock.calls) {
      expect((input as Request).headers.get('Authorization')).toBeNull();
    }
    expect(provider).not.toHaveBeenCalled();
  });

  it('is not sent on the cookie calls (token refresh, logout)', async () => {
    const { api, provider } = client('token-123');
    await api.POST('/api/auth/getJWTtoken');
    await api.POST('/api/auth/logout');

    expect(sentRequest(0).headers.get('Authorization')).toBeNull();
    expect(sentRequest(1).headers.get('Authorization')).toBeNull();
    expect(sentRequest(1).credentials).toBe('include');
    expect(provider).not.toHaveBeenCalled();
  });

  it('is asked for anew on every protected call, so a renewed token is used', async () => {
    const api = createApiClient({ baseUrl: API, fetch: mockFetch });
    const tokens = ['first', 'second'];
    api.provideAccessToken(() => Promise.resolve(tokens.shift() ?? null));

    await api.GET('/api/user/info');
    await api.GET('/api/user/info');

    expect(sentRequest(0).headers.get('Authorization')).toBe('Bearer first');
    expect(sentRequest(1).headers.get('Authorization')).toBe('Bearer second');
  });

  it('missing: a protected call fails with "No valid token available" and sends nothing', async () => {
    const { api } = client(null);

    const error = await failure(api.GET('/api/user/info'));

    expect(error.message).toBe('No valid token available');
    expect(error.kind).toBe('no-token');
    expect(mockFetch).not.toHaveBeenCalled();
  });

  it('goes with a contact message when there is one, and the message goes without when there is none', async () => {
    const body = {
      name: 'Camille',
      email: 'c@m.fr',
      subject: 'Bonjour',
      message: 'Une question',
      language: 'fr' as const,
    };
    const { api } = client('token-123');
    await api.POST('/api/contact', { body });
    expect(sentRequest(0).headers.get('Authorization')).toBe('Bearer token-123');
    const { api: anonymous } = client(null);
    await anonymous.POST('/api/contact', { body });
    expect(sentRequest(1).headers.get('Authorization')).toBeNull();
  });

  it('missing on a client no session was given to: protected calls fail the same way', async () => {
    const api = createApiClient({ baseUrl: API, fetch: mockFetch });

    const error = await failure(api.POST('/api/checkout/create-session', { body: ORDER }));

    expect(error).toMatchObject({ kind: 'no-token', message: 'No valid token available' });
    expect(mockFetch).not.toHaveBeenCalled();
  });
});

describe('errors (spec section 8)', () => {
  it('a failed GET reads "Network response was not ok" and the status text', async () => {
    const { api } = client();
    mockFetch.mockResolvedValue(
      jsonResponse({ message: 'ignored for GET' }, { status: 500, statusText: 'Internal Server Error' }),
    );

    const error = await failure(api.GET('/api/marketing/offers/list'));

    expect(error.message).toBe('Network response was not ok Internal Server Error');
    expect(error.kind).toBe('http');
    expect(error.status).toBe(500);
    expect(error.body).toEqual({ message: 'ignored for GET' });
  });

  it('a failed protected GET reads the same way', async () => {
    const { api } = client('token-123');
    mockFetch.mockResolvedValue(new Response(null, { status: 401, statusText: 'Unauthorized' }));

    const error = await failure(api.GET('/api/user/info'));

    expect(error.message).toBe('Network response was not ok Unauthorized');
    expect(error.status).toBe(401);
  });

  it('a failed GET without a status text names the status code', async () => {
    const { api } = client();
    mockFetch.mockResolvedValue(new Response('', { status: 503 }));

    const error = await failure(api.GET('/api/marketing/products/list'));

    expect(error.message).toBe('Network response was not ok 503');
  });

  it("a failed POST uses the body's message first", async () => {
    const { api } = client();
    mockFetch.mockResolvedValue(
      jsonResponse(
        { message: 'Email already registered', error: 'Conflict' },
        { status: 409, statusText: 'Conflict' },
      ),
    );

    const error = await failure(api.POST('/api/auth/login', { body: { email: 'a@b.co', password: 'x' } }));

    expect(error.message).toBe('Email already registered');
    expect(error.kind).toBe('http');
    expect(error.status).toBe(409);
    expect(error.body).toEqual({ message: 'Email already registered', error: 'Conflict' });
  });

  it("a failed POST without a message uses the body's error", async () => {
    const { api } = client('token-123');
    mockFetch.mockResolvedValue(
      jsonResponse({ error: 'Unknown plan' }, { status: 400, statusText: 'Bad Request' }),
    );

    const error = await failure(api.POST('/api/checkout/create-session', { body: ORDER }));

    expect(error.message).toBe('Unknown plan');
    expect(error.body).toEqual({ error: 'Unknown plan' });
  });

  it('a failed POST with a blank message falls back to the error', async () => {
    const { api } = client();
    mockFetch.mockResolvedValue(
      jsonResponse(
        { message: '  ', error: 'Invalid credentials' },
        { status: 401, statusText: 'Unauthorized' },
      ),
    );

    const error = await failure(api.POST('/api/auth/login', { body: { email: 'a@b.co', password: 'x' } }));

    expect(error.message).toBe('Invalid credentials');
  });

  it.each([
    ['an empty body', ''],
    ['a body that is not JSON', '<html>Bad gateway</html>'],
    ['a JSON body with neither field', JSON.stringify({ status: 'nope' })],
  ])('a failed POST with %s uses the status text', async (_label, body) => {
    const { api } = client();
    mockFetch.mockResolvedValue(new Response(body, { status: 502, statusText: 'Bad Gateway' }));

    const error = await failure(api.POST('/api/auth/forgot-password', { body: { email: 'a@b.co' } }));

    expect(error.message).toBe('Bad Gateway');
    expect(error.status).toBe(502);
  });

  it('a network failure becomes an ApiError of kind "network"', async () => {
    const { api } = client();
    mockFetch.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await failure(api.GET('/api/marketing/offers/list'));

    expect(error.kind).toBe('network');
    expect(error.message).toBe('Network response was not ok');
    expect(error.status).toBeUndefined();
  });

  it('a network failure on a POST is reported the same way', async () => {
    const { api } = client();
    mockFetch.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await failure(api.POST('/api/auth/login', { body: { email: 'a@b.co', password: 'x' } }));

    expect(error.kind).toBe('network');
  });

  it('a request the caller cancelled stays an AbortError, not a network failure', async () => {
    const { api } = client();
    mockFetch.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));

    await expect(api.GET('/api/marketing/offers/list')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('operations.gen.ts', () => {
  it('covers the 12 calls of spec section 7 with their authentication, plus the ones we added', () => {
    // Spec section 7: "yes" is a bearer token, "no" is public, "cookie" is the refresh cookie.
    const spec = {
      'GET /api/user/info': 'bearer',
      'GET /api/resend-verification-email': 'bearer',
      'POST /api/user/update-profile': 'bearer',
      'POST /api/auth/register': 'public',
      'POST /api/auth/login': 'public',
      'POST /api/auth/getJWTtoken': 'cookie',
      'POST /api/auth/logout': 'cookie',
      'POST /api/auth/forgot-password': 'public',
      'POST /api/auth/reset-password': 'public',
      'GET /api/marketing/offers/list': 'public',
      'GET /api/marketing/products/list': 'public',
      'POST /api/checkout/create-session': 'bearer',
      // Ours: the link of the verification e-mail, and Stripe's webhook (signed, not authenticated).
      'POST /api/auth/verify-email': 'public',
      'POST /api/checkout/stripe-webhook': 'public',
      // Ours: the company file of the wizard (read, save a draft, submit).
      'GET /api/company-file': 'bearer',
      'POST /api/company-file/draft': 'bearer',
      'POST /api/company-file/submit': 'bearer',
      // Ours: a purchased document, written from the submitted company file.
      'GET /api/documents/{sku}': 'bearer',
      // Ours: the languages each document is written in, for the user's legal form.
      'GET /api/documents': 'bearer',
      // Ours: the watermarked preview of a document, before or after buying it.
      'GET /api/documents/{sku}/preview': 'bearer',
      // Ours: who runs the site (legal notice): public; the contact form takes the founder's token
      // when there is one (the message is then theirs), and works without.
      'GET /api/site/info': 'public',
      'POST /api/contact': 'optional-bearer',
      // Ours: the user's own data (GDPR): a copy of it, and deleting the account.
      'GET /api/user/export': 'bearer',
      'POST /api/user/delete-account': 'bearer',
      // Ours: the promotional website, as its owner builds it…
      'GET /api/website': 'bearer',
      'POST /api/website/draft': 'bearer',
      'POST /api/website/logo': 'bearer',
      'POST /api/website/logo/delete': 'bearer',
      'POST /api/website/photos': 'bearer',
      'POST /api/website/photos/{photoId}/delete': 'bearer',
      'GET /api/website/slug-availability': 'bearer',
      'POST /api/website/publish': 'bearer',
      'POST /api/website/unpublish': 'bearer',
      'GET /api/website/messages': 'bearer',
      'POST /api/website/messages/{id}/read': 'bearer',
      // …and as visitors see it, once published: public pages, their contact form and logos.
      'GET /sites/{slug}': 'public',
      'GET /sites/{slug}/{lang}': 'public',
      'POST /sites/{slug}/contact': 'public',
      'GET /sites/{slug}/thanks': 'public',
      'GET /site-logos/{logoId}/{variant}': 'public',
      'GET /site-photos/{photoId}/{variant}': 'public',
      'GET /sites/{slug}/sitemap.xml': 'public',
      // Issue 38: the site's own domain (set, checked, removed), its robots.txt, and the question the
      // reverse proxy asks before getting a certificate.
      'POST /api/website/domain': 'bearer',
      'POST /api/website/domain/verify': 'bearer',
      'POST /api/website/domain/delete': 'bearer',
      'GET /sites/{slug}/robots.txt': 'public',
      'GET /api/site-domains/allowed': 'public',
      // After paying (issue 19): the payment's summary, the company file's timeline and steps, invoices.
      'GET /api/checkout/sessions/{sessionId}': 'bearer',
      'GET /api/company-file/events': 'bearer',
      'PUT /api/company-file/steps/{stepId}': 'bearer',
      'DELETE /api/company-file/steps/{stepId}': 'bearer',
      'PUT /api/company-file/identifiers': 'bearer',
      'GET /api/invoices': 'bearer',
      'GET /api/invoices/{invoiceId}': 'bearer',
      // Issue 33: the pre-filing check of the company file, and the whole pack in one ZIP.
      'GET /api/documents/filing-check': 'bearer',
      'GET /api/documents/pack': 'bearer',
      // Issue 34: the order summary before paying, the account's orders and the withdrawal declaration.
      'GET /api/checkout/quote': 'bearer',
      'GET /api/orders': 'bearer',
      'GET /api/orders/{orderId}': 'bearer',
      'POST /api/orders/{orderId}/withdrawal': 'bearer',
      // Issue 35: co-founders on one file (the invitation link is read before logging in)…
      'GET /api/company-file/members': 'bearer',
      'POST /api/company-file/members': 'bearer',
      'POST /api/company-file/members/{personId}/resend': 'bearer',
      'DELETE /api/company-file/members/{personId}': 'bearer',
      'GET /api/invitations/{token}': 'public',
      'POST /api/invitations/{token}/accept': 'bearer',
      'GET /api/shared-files': 'bearer',
      'GET /api/company-files/{fileId}': 'bearer',
      'DELETE /api/company-files/{fileId}/membership': 'bearer',
      'PUT /api/company-files/{fileId}/persons/{personId}': 'bearer',
      'GET /api/company-files/{fileId}/acts': 'bearer',
      'POST /api/company-files/{fileId}/acts': 'bearer',
      // …and the signature of their documents.
      'GET /api/company-files/{fileId}/signing': 'bearer',
      'POST /api/company-files/{fileId}/signing': 'bearer',
      'GET /api/company-files/{fileId}/signing/documents/{documentId}/pdf': 'bearer',
      'GET /api/company-files/{fileId}/signing/documents/{documentId}/preview': 'bearer',
      'POST /api/company-files/{fileId}/signing/code': 'bearer',
      'POST /api/company-files/{fileId}/signing/signatures': 'bearer',
      'GET /api/company-files/{fileId}/signing/evidence': 'bearer',
      // Issue 37: a load balancer's probes.
      'GET /healthz': 'public',
      'GET /readyz': 'public',
    };

    expect(Object.keys(operationSecurity)).toHaveLength(81);
    expect(operationSecurity).toEqual(spec);
  });
});

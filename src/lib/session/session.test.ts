import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { epochSeconds, unsignedJwt } from '@/testing/render';
import type * as SessionModule from './session';

const API = 'http://api.test';
const REFRESH_URL = `${API}/api/auth/getJWTtoken`;

const freshToken = (claims: Record<string, unknown> = {}) =>
  unsignedJwt({ sub: 'user-1', exp: epochSeconds(3600), ...claims });
const expiredToken = () => unsignedJwt({ sub: 'user-1', exp: epochSeconds(-60) });

const jsonResponse = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });

let fetchMock: Mock<typeof fetch>;
let warn: Mock<typeof console.warn>;

/** The session module, loaded afresh so its API client captures the stubbed fetch and base URL. */
async function loadSession(): Promise<typeof SessionModule> {
  vi.resetModules();
  vi.stubEnv('VITE_API_BASE_URL', API);
  vi.stubGlobal('fetch', fetchMock);
  return import('./session');
}

function requestAt(index: number): Request {
  const call = fetchMock.mock.calls[index];
  if (!call) throw new Error(`no request #${index}`);
  return call[0] as Request;
}

/** Answers the refresh call with `body`, and any other call with 404. */
function refreshAnswers(respond: () => Response | Promise<Response>) {
  fetchMock.mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    return url === REFRESH_URL ? respond() : new Response(null, { status: 404, statusText: 'Not Found' });
  });
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('getValidToken', () => {
  it('returns a fresh stored token without any request', async () => {
    const session = await loadSession();
    const token = freshToken();
    session.startSession(token);

    await expect(session.getValidToken()).resolves.toBe(token);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the session of a reload: a fresh token already in sessionStorage is used as is', async () => {
    const token = freshToken();
    window.sessionStorage.setItem('kreo.accessToken', token);
    const session = await loadSession();

    expect(session.sessionStore.get(session.isLoggedInAtom)).toBe(true);
    await expect(session.getValidToken()).resolves.toBe(token);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without a token, asks the server for one with the refresh cookie', async () => {
    const session = await loadSession();
    const token = freshToken({ firstname: 'Camille' });
    refreshAnswers(() => jsonResponse({ accessToken: token }));

    await expect(session.getValidToken()).resolves.toBe(token);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = requestAt(0);
    expect(request.url).toBe(REFRESH_URL);
    expect(request.method).toBe('POST');
    expect(request.credentials).toBe('include');
    expect(request.headers.get('ngrok-skip-browser-warning')).toBe('true');
    expect(request.headers.get('Authorization')).toBeNull();
    expect(await request.text()).toBe('');
  });

  it('replaces an expired token', async () => {
    const session = await loadSession();
    session.startSession(expiredToken());
    const token = freshToken();
    refreshAnswers(() => jsonResponse({ accessToken: token }));

    await expect(session.getValidToken()).resolves.toBe(token);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(session.sessionStore.get(session.accessTokenAtom)).toBe(token);
  });

  it('replaces a token that cannot be read', async () => {
    const session = await loadSession();
    session.startSession('garbage');
    const token = freshToken();
    refreshAnswers(() => jsonResponse({ accessToken: token }));

    await expect(session.getValidToken()).resolves.toBe(token);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shares one request between callers that ask at the same time', async () => {
    const session = await loadSession();
    const token = freshToken();
    let answer: (response: Response) => void = () => {};
    // The test goes on when the request arrives (an event), not after polling with a 1 s limit.
    let asked: () => void = () => {};
    const requested = new Promise<void>((resolve) => (asked = resolve));
    refreshAnswers(() => {
      asked();
      return new Promise<Response>((resolve) => (answer = resolve));
    });

    const callers = [session.getValidToken(), session.getValidToken(), session.getValidToken()];
    await requested;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(jsonResponse({ accessToken: token }));

    await expect(Promise.all(callers)).resolves.toEqual([token, token, token]);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Once it has settled, the new token answers without another request.
    await expect(session.getValidToken()).resolves.toBe(token);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refreshes a fresh token when forced, e.g. after a payment added products', async () => {
    const session = await loadSession();
    session.startSession(freshToken({ products: [] }));
    const upgraded = freshToken({ products: ['AI_FORM'] });
    refreshAnswers(() => jsonResponse({ accessToken: upgraded }));

    await expect(session.getValidToken({ force: true })).resolves.toBe(upgraded);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(session.sessionStore.get(session.sessionUserAtom)?.products).toEqual(['AI_FORM']);
  });

  it('starts a new request for a later forced refresh once the previous one has settled', async () => {
    const session = await loadSession();
    refreshAnswers(() => jsonResponse({ accessToken: freshToken() }));

    await session.getValidToken({ force: true });
    await session.getValidToken({ force: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('on a 401, resolves null, clears the token and logs a warning', async () => {
    const session = await loadSession();
    session.startSession(expiredToken());
    refreshAnswers(() =>
      jsonResponse({ message: 'No refresh token' }, { status: 401, statusText: 'Unauthorized' }),
    );

    await expect(session.getValidToken()).resolves.toBeNull();

    expect(session.sessionStore.get(session.accessTokenAtom)).toBeNull();
    expect(session.sessionStore.get(session.isLoggedInAtom)).toBe(false);
    expect(session.sessionStore.get(session.sessionUserAtom)).toBeNull();
    expect(window.sessionStorage.getItem(session.ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('on a network error, resolves null, clears the token and logs a warning', async () => {
    const session = await loadSession();
    session.startSession(expiredToken());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(session.getValidToken()).resolves.toBeNull();

    expect(session.sessionStore.get(session.accessTokenAtom)).toBeNull();
    expect(window.sessionStorage.getItem(session.ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('treats an answer without an access token as a failure', async () => {
    const session = await loadSession();
    refreshAnswers(() => jsonResponse({}));

    await expect(session.getValidToken()).resolves.toBeNull();
    expect(session.sessionStore.get(session.isLoggedInAtom)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('gives every concurrent caller null when the shared request fails', async () => {
    const session = await loadSession();
    refreshAnswers(() => new Response(null, { status: 401, statusText: 'Unauthorized' }));

    await expect(Promise.all([session.getValidToken(), session.getValidToken()])).resolves.toEqual([
      null,
      null,
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('session state', () => {
  it('stores a refreshed token in sessionStorage and exposes who it names', async () => {
    const session = await loadSession();
    const token = freshToken({ sub: 'user-42', products: ['LEGAL_STATUSES'], firstname: 'Camille' });
    refreshAnswers(() => jsonResponse({ accessToken: token }));

    expect(session.sessionStore.get(session.isLoggedInAtom)).toBe(false);
    await session.getValidToken();

    expect(window.sessionStorage.getItem(session.ACCESS_TOKEN_STORAGE_KEY)).toBe(token);
    expect(session.sessionStore.get(session.isLoggedInAtom)).toBe(true);
    expect(session.sessionStore.get(session.sessionUserAtom)).toEqual({
      id: 'user-42',
      products: ['LEGAL_STATUSES'],
      firstname: 'Camille',
    });
  });

  it('startSession stores the token of a login and makes the user logged in', async () => {
    const session = await loadSession();
    const token = freshToken({ firstname: 'Ioana' });

    session.startSession(token);

    expect(window.sessionStorage.getItem(session.ACCESS_TOKEN_STORAGE_KEY)).toBe(token);
    expect(session.sessionStore.get(session.isLoggedInAtom)).toBe(true);
    expect(session.sessionStore.get(session.sessionUserAtom)?.firstname).toBe('Ioana');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('endSession forgets the token locally without calling the server', async () => {
    const session = await loadSession();
    session.startSession(freshToken());

    session.endSession();

    expect(window.sessionStorage.getItem(session.ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(session.sessionStore.get(session.accessTokenAtom)).toBeNull();
    expect(session.sessionStore.get(session.isLoggedInAtom)).toBe(false);
    expect(session.sessionStore.get(session.sessionUserAtom)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts a stored but undecodable token as logged in with no known user', async () => {
    const session = await loadSession();
    session.startSession('garbage');

    expect(session.sessionStore.get(session.isLoggedInAtom)).toBe(true);
    expect(session.sessionStore.get(session.sessionUserAtom)).toBeNull();
  });
});

describe('the app API client', () => {
  it('sends the session token on protected calls', async () => {
    const session = await loadSession();
    const { apiClient } = await import('@/lib/api/client');
    const token = freshToken();
    session.startSession(token);
    fetchMock.mockResolvedValue(jsonResponse({ id: 'user-1' }));

    await apiClient.GET('/api/user/info');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requestAt(0).url).toBe(`${API}/api/user/info`);
    expect(requestAt(0).headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('renews an expired token before a protected call', async () => {
    const session = await loadSession();
    const { apiClient } = await import('@/lib/api/client');
    session.startSession(expiredToken());
    const token = freshToken();
    fetchMock.mockImplementation(async (input) =>
      (input as Request).url === REFRESH_URL ? jsonResponse({ accessToken: token }) : jsonResponse({}),
    );

    await apiClient.GET('/api/user/info');

    expect(fetchMock.mock.calls.map(([input]) => (input as Request).url)).toEqual([
      REFRESH_URL,
      `${API}/api/user/info`,
    ]);
    expect(requestAt(1).headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('fails a protected call with "No valid token available" when no session can be had', async () => {
    const session = await loadSession();
    const { apiClient } = await import('@/lib/api/client');
    refreshAnswers(() => new Response(null, { status: 401, statusText: 'Unauthorized' }));

    await expect(apiClient.GET('/api/user/info')).rejects.toMatchObject({
      message: 'No valid token available',
      kind: 'no-token',
    });
    expect(fetchMock.mock.calls.map(([input]) => (input as Request).url)).toEqual([REFRESH_URL]);
    expect(session.sessionStore.get(session.isLoggedInAtom)).toBe(false);
  });
});

describe('getValidToken with the API on the page’s own origin', () => {
  /** The session module with the API on the page's origin (absolute here: Node's fetch needs it). */
  async function loadSameOriginSession(): Promise<typeof SessionModule> {
    vi.resetModules();
    vi.stubEnv('VITE_API_BASE_URL', window.location.origin);
    vi.stubGlobal('fetch', fetchMock);
    return import('./session');
  }
  const clearHint = () => {
    document.cookie = 'kreo_session=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  };
  beforeEach(() => {
    window.sessionStorage.clear();
    clearHint();
    fetchMock.mockImplementation(async () => jsonResponse({ accessToken: freshToken() }));
  });
  afterEach(clearHint);

  it('asks for nothing when the browser holds no session (no kreo_session cookie): a visitor stays one', async () => {
    const session = await loadSameOriginSession();
    await expect(session.getValidToken()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('asks the server when the kreo_session cookie says a session is held', async () => {
    document.cookie = 'kreo_session=1; path=/';
    const session = await loadSameOriginSession();
    await expect(session.getValidToken()).resolves.not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks anyway when a token is held (expired) or when forced (after a payment)', async () => {
    window.sessionStorage.setItem('kreo.accessToken', expiredToken());
    const held = await loadSameOriginSession();
    await expect(held.getValidToken()).resolves.not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    window.sessionStorage.clear();
    const forced = await loadSameOriginSession();
    await expect(forced.getValidToken({ force: true })).resolves.not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

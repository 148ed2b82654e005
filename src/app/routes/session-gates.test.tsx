import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { epochSeconds, renderWithProviders, unsignedJwt } from '@/testing/render';

const API = 'http://api.test';

const freshToken = () => unsignedJwt({ sub: 'user-1', firstname: 'Camille', exp: epochSeconds(3600) });
const expiredToken = () => unsignedJwt({ sub: 'user-1', firstname: 'Camille', exp: epochSeconds(-60) });

const refreshFails = () => new Response(null, { status: 401, statusText: 'Unauthorized' });
const refreshGives = (token: string) => () =>
  new Response(JSON.stringify({ accessToken: token }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

/** Loads the gates and the session afresh, so the session's API client uses the stubbed fetch. */
async function loadGates(respond: () => Response = refreshFails) {
  fetchMock.mockImplementation(async () => respond());
  vi.resetModules();
  vi.stubEnv('VITE_API_BASE_URL', API);
  vi.stubGlobal('fetch', fetchMock);
  const session = await import('@/lib/session/session');
  const gates = await import('./session-gates');
  return { ...session, ...gates };
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

const location = () => screen.getByTestId('location');

type Loaded = Awaited<ReturnType<typeof loadGates>>;

function renderApp(loaded: Loaded, route: string) {
  const { RequireSession, RequireGuest, sessionStore } = loaded;
  return renderWithProviders(
    <>
      <Routes>
        <Route element={<RequireSession />}>
          <Route path="/documents" element={<h1>Documents page</h1>} />
        </Route>
        <Route element={<RequireGuest />}>
          <Route path="/signup" element={<h1>Signup page</h1>} />
          <Route path="/login-form" element={<h1>Login form</h1>} />
        </Route>
        <Route path="/login" element={<h1>Login page</h1>} />
        <Route path="/home" element={<h1>Home page</h1>} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
        <Route path="/ai-powered-form" element={<h1>Company form</h1>} />
        <Route path="*" element={<h1>Somewhere else</h1>} />
      </Routes>
      <Where />
    </>,
    { route, store: sessionStore },
  );
}

describe('RequireSession', () => {
  it('sends a visitor without a session to /login, remembering the page', async () => {
    const loaded = await loadGates(refreshFails);
    renderApp(loaded, '/documents');

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/login\?redirect=%2Fdocuments$/);
    expect(screen.queryByRole('heading', { name: 'Documents page' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0]?.[0] as Request).url).toBe(`${API}/api/auth/getJWTtoken`);
  });

  it('keeps the query of the page in the redirect', async () => {
    const loaded = await loadGates(refreshFails);
    renderApp(loaded, '/documents?sku=AI_FORM');

    await screen.findByRole('heading', { name: 'Login page' });
    expect(location()).toHaveTextContent('/login?redirect=%2Fdocuments%3Fsku%3DAI_FORM');
  });

  it('shows a loader, not the page, while the session is being checked', async () => {
    const loaded = await loadGates(refreshFails);
    renderApp(loaded, '/documents');

    expect(screen.getByRole('status')).toHaveTextContent('Chargement...');
    expect(screen.queryByRole('heading', { name: 'Documents page' })).not.toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Login page' });
  });

  it('shows the page at once with a fresh token, without asking the server', async () => {
    const loaded = await loadGates();
    loaded.startSession(freshToken());
    renderApp(loaded, '/documents');

    expect(screen.getByRole('heading', { name: 'Documents page' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/documents$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the page once the refresh cookie has brought a session back', async () => {
    const loaded = await loadGates(refreshGives(freshToken()));
    renderApp(loaded, '/documents');

    expect(await screen.findByRole('heading', { name: 'Documents page' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/documents$/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('renews an expired token and stays on the page', async () => {
    const loaded = await loadGates(refreshGives(freshToken()));
    loaded.startSession(expiredToken());
    renderApp(loaded, '/documents');

    expect(await screen.findByRole('heading', { name: 'Documents page' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a visitor whose token expired and cannot be renewed to /login', async () => {
    const loaded = await loadGates(refreshFails);
    loaded.startSession(expiredToken());
    renderApp(loaded, '/documents');

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/login?redirect=%2Fdocuments');
    expect(loaded.sessionStore.get(loaded.isLoggedInAtom)).toBe(false);
    // One visit, one refresh request: clearing the expired token does not trigger a second one.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('RequireGuest', () => {
  it('sends a logged-in user from /signup on to the company form', async () => {
    const loaded = await loadGates();
    loaded.startSession(freshToken());
    renderApp(loaded, '/signup');

    expect(await screen.findByRole('heading', { name: 'Company form' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/ai-powered-form$/);
    expect(screen.queryByRole('heading', { name: 'Signup page' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a logged-in user from the login form on to the dashboard, not the landing page', async () => {
    const loaded = await loadGates();
    loaded.startSession(freshToken());
    // Any guest page but /signup (the app's is /login, left outside the gate here for the other tests).
    renderApp(loaded, '/login-form');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/dashboard$/);
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
  });

  it('sends a logged-in user on to the page named by the redirect parameter', async () => {
    const loaded = await loadGates();
    loaded.startSession(freshToken());
    renderApp(loaded, '/signup?redirect=%2Fdocuments');

    expect(await screen.findByRole('heading', { name: 'Documents page' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/documents$/);
  });

  it('does not follow a redirect parameter to another site', async () => {
    const loaded = await loadGates();
    loaded.startSession(freshToken());
    renderApp(loaded, '/signup?redirect=%2F%2Fevil.com');

    expect(await screen.findByRole('heading', { name: 'Company form' })).toBeInTheDocument();
  });

  it('shows the page to a visitor without a session', async () => {
    const loaded = await loadGates(refreshFails);
    renderApp(loaded, '/signup');

    expect(await screen.findByRole('heading', { name: 'Signup page' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/signup$/);
  });

  it('sends a visitor whose refresh cookie still holds a session on to the company form', async () => {
    const loaded = await loadGates(refreshGives(freshToken()));
    renderApp(loaded, '/signup');

    expect(await screen.findByRole('heading', { name: 'Company form' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

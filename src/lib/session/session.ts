import { atom, createStore } from 'jotai';
import { startTransition } from 'react';
import { env } from '@/config/env';
import { apiClient } from '@/lib/api/client';
import { isTokenExpired, readSessionUser } from './access-token';

export const ACCESS_TOKEN_STORAGE_KEY = 'kreo.accessToken';

function tokenStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function readStoredToken(): string | null {
  try {
    return tokenStorage()?.getItem(ACCESS_TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

const storedTokenAtom = atom<string | null>(readStoredToken());

/**
 * False while the browser hydrates a prerendered page: the server rendered it as a guest sees it, so the
 * app renders it so too until hydration is done (src/main.tsx), then shows the session it holds.
 */
const sessionShownAtom = atom(true);

/** The access token, mirrored in sessionStorage so a reload keeps the session (spec section 4). */
export const accessTokenAtom = atom(
  (get) => (get(sessionShownAtom) ? get(storedTokenAtom) : null),
  (_get, set, token: string | null) => {
    set(storedTokenAtom, token);
    try {
      if (token) tokenStorage()?.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
      else tokenStorage()?.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    } catch {
      // Storage blocked: the session lives in memory for this page only.
    }
  },
);

/** Logged in means holding a token; an expired one is replaced or dropped on the next getValidToken(). */
export const isLoggedInAtom = atom((get) => get(accessTokenAtom) !== null);

/** Who the token says the user is: id, purchased SKUs and first name. */
export const sessionUserAtom = atom((get) => readSessionUser(get(accessTokenAtom)));

/** One store for the app, so the API client (outside React) and components share the session. */
export const sessionStore = createStore();

let pendingRefresh: Promise<string | null> | null = null;

/**
 * Whether this browser may hold a session: the server sets `kreo_session` beside the httpOnly refresh
 * cookie and clears them together. Without it a visitor's page asks for no token at all. An API on
 * another origin (VITE_API_BASE_URL) sets it where this page cannot read it: then we always ask.
 */
function mayHoldSession(): boolean {
  // A token held (expired) says there was a session, whatever the cookies say.
  if (typeof document === 'undefined' || sessionStore.get(storedTokenAtom)) return true;
  if (env.apiBaseUrl && new URL(env.apiBaseUrl).origin !== window.location.origin) return true;
  return /(?:^|;\s*)kreo_session=/.test(document.cookie);
}

async function requestNewToken(force: boolean): Promise<string | null> {
  if (!force && !mayHoldSession()) {
    sessionStore.set(accessTokenAtom, null);
    return null;
  }
  try {
    // The refresh cookie is the credential; the raw client adds no bearer token here.
    const { data, response } = await apiClient.POST('/api/auth/getJWTtoken');
    if (!response.ok || !data?.accessToken)
      throw new Error(`status ${response.status} ${response.statusText}`);
    sessionStore.set(accessTokenAtom, data.accessToken);
    return data.accessToken;
  } catch (error) {
    sessionStore.set(accessTokenAtom, null);
    console.warn('Could not obtain an access token; continuing without a session.', error);
    return null;
  }
}

/**
 * A usable access token, or null. The stored token is used while it has not expired; otherwise
 * (or when `force` is set, e.g. after a payment adds products) one new token is requested with
 * the refresh cookie, and every caller that asks meanwhile shares that single request.
 */
export function getValidToken(options: { force?: boolean } = {}): Promise<string | null> {
  // The token held, even while a prerendered page hydrates and the pages do not show it yet.
  const current = sessionStore.get(storedTokenAtom);
  if (!options.force && current && !isTokenExpired(current)) return Promise.resolve(current);
  pendingRefresh ??= requestNewToken(options.force ?? false).finally(() => {
    pendingRefresh = null;
  });
  return pendingRefresh;
}

/**
 * Takes the token in sessionStorage as the current one: a payment return page may have been reached
 * while another part of the app, or the checkout's redirect, changed it (spec: the header re-reads the
 * token on /success and /cancel).
 */
export function reloadStoredSession(): void {
  const stored = readStoredToken();
  if (stored !== sessionStore.get(storedTokenAtom)) sessionStore.set(storedTokenAtom, stored);
}

/** Renders the pages as a guest sees them until `showSession` (hydrating a prerendered page). */
export function hideSessionWhileHydrating(): void {
  sessionStore.set(sessionShownAtom, false);
}

/** The page is hydrated: the pages show the session again (a low-priority update). */
export function showSession(): void {
  startTransition(() => sessionStore.set(sessionShownAtom, true));
}

/** Stores the token a login or signup returned. */
export function startSession(token: string): void {
  sessionStore.set(accessTokenAtom, token);
}

/** Forgets the token locally (the server side is revoked by the logout call). */
export function endSession(): void {
  sessionStore.set(accessTokenAtom, null);
}
apiClient.provideAccessToken(getValidToken);

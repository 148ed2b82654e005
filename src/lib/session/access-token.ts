import { jwtDecode } from 'jwt-decode';

/** What the browser reads from the access token (spec section 3, plus the first name the server adds). */
export interface SessionUser {
  id: string;
  products: string[];
  firstname: string | null;
}

interface AccessTokenClaims {
  sub?: unknown;
  products?: unknown;
  firstname?: unknown;
  exp?: unknown;
}

function readClaims(token: string): AccessTokenClaims | null {
  try {
    const claims = jwtDecode<AccessTokenClaims>(token);
    return typeof claims === 'object' && claims !== null ? claims : null;
  } catch {
    return null;
  }
}

/**
 * True when the token's `exp` (seconds) has passed, compared in milliseconds to the clock.
 * A token that cannot be read, or that carries no expiry, counts as expired.
 */
export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const claims = readClaims(token);
  if (!claims || typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return true;
  return claims.exp * 1000 <= nowMs;
}

/** The user behind a token, or null when it cannot be decoded or names nobody. */
export function readSessionUser(token: string | null): SessionUser | null {
  if (!token) return null;
  const claims = readClaims(token);
  if (!claims || typeof claims.sub !== 'string' || claims.sub === '') return null;
  const products = Array.isArray(claims.products)
    ? claims.products.filter((sku): sku is string => typeof sku === 'string')
    : [];
  const firstname =
    typeof claims.firstname === 'string' && claims.firstname.trim() !== '' ? claims.firstname : null;
  return { id: claims.sub, products, firstname };
}

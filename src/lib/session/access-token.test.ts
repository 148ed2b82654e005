import { describe, expect, it } from 'vitest';
import { isTokenExpired, readSessionUser } from './access-token';

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned JWT: base64url(header).base64url(payload).signature. */
function jwt(payload: Record<string, unknown>): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.not-a-real-signature`;
}

describe('isTokenExpired', () => {
  // exp is in seconds; the clock is in milliseconds.
  const exp = 1_700_000_000;
  const token = jwt({ sub: 'user-1', exp });

  it('is not expired one millisecond before exp', () => {
    expect(isTokenExpired(token, exp * 1000 - 1)).toBe(false);
  });

  it('is not expired well before exp', () => {
    expect(isTokenExpired(token, (exp - 3600) * 1000)).toBe(false);
  });

  it('is expired exactly at exp', () => {
    expect(isTokenExpired(token, exp * 1000)).toBe(true);
  });

  it('is expired one millisecond after exp', () => {
    expect(isTokenExpired(token, exp * 1000 + 1)).toBe(true);
  });

  it('does not mistake the seconds of exp for milliseconds', () => {
    // Read as milliseconds, exp would be in January 1970 and every clock would be past it.
    expect(isTokenExpired(token, exp + 1)).toBe(false);
  });

  it('uses the current time when no clock is given', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(isTokenExpired(jwt({ exp: now + 600 }))).toBe(false);
    expect(isTokenExpired(jwt({ exp: now - 600 }))).toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['plain text', 'not-a-token'],
    ['a payload that is not base64url JSON', 'aaa.%%%%.ccc'],
    ['a payload that is JSON but not an object', `${base64Url({})}.${base64Url(42)}.sig`],
  ])('counts %s as expired', (_label, unreadable) => {
    expect(isTokenExpired(unreadable, 0)).toBe(true);
  });

  it('counts a token without exp as expired', () => {
    expect(isTokenExpired(jwt({ sub: 'user-1' }), 0)).toBe(true);
  });

  it.each([
    ['a numeric string', String(exp)],
    ['null', null],
    ['an object', { seconds: exp }],
  ])('counts a token whose exp is %s as expired', (_label, badExp) => {
    expect(isTokenExpired(jwt({ sub: 'user-1', exp: badExp }), 0)).toBe(true);
  });
});

describe('readSessionUser', () => {
  it('reads the id, the purchased products and the first name', () => {
    const token = jwt({ sub: 'user-42', products: ['LEGAL_STATUSES', 'AI_FORM'], firstname: 'Camille' });
    expect(readSessionUser(token)).toEqual({
      id: 'user-42',
      products: ['LEGAL_STATUSES', 'AI_FORM'],
      firstname: 'Camille',
    });
  });

  it('reads non-ASCII first names intact', () => {
    expect(readSessionUser(jwt({ sub: 'user-7', firstname: 'Ștefan-Rémi' }))?.firstname).toBe('Ștefan-Rémi');
  });

  it('keeps only the string entries of products', () => {
    const token = jwt({
      sub: 'user-1',
      products: ['AI_FORM', 3, null, { sku: 'X' }, 'LIST_OF_BENEFICIARIES'],
    });
    expect(readSessionUser(token)?.products).toEqual(['AI_FORM', 'LIST_OF_BENEFICIARIES']);
  });

  it('has no products when the claim is missing or not a list', () => {
    expect(readSessionUser(jwt({ sub: 'user-1' }))?.products).toEqual([]);
    expect(readSessionUser(jwt({ sub: 'user-1', products: 'AI_FORM' }))?.products).toEqual([]);
  });

  it('has no first name when it is missing, blank or not a string', () => {
    expect(readSessionUser(jwt({ sub: 'user-1' }))?.firstname).toBeNull();
    expect(readSessionUser(jwt({ sub: 'user-1', firstname: '   ' }))?.firstname).toBeNull();
    expect(readSessionUser(jwt({ sub: 'user-1', firstname: 12 }))?.firstname).toBeNull();
  });

  it('reads a user from an expired token too (expiry is not its concern)', () => {
    expect(readSessionUser(jwt({ sub: 'user-1', exp: 1 }))?.id).toBe('user-1');
  });

  it.each([
    ['no sub', { products: ['AI_FORM'], firstname: 'Camille' }],
    ['an empty sub', { sub: '' }],
    ['a numeric sub', { sub: 42 }],
  ])('yields no user for a token with %s', (_label, payload) => {
    expect(readSessionUser(jwt(payload))).toBeNull();
  });

  it.each([
    ['null', null],
    ['an empty string', ''],
    ['garbage', 'garbage'],
    ['a token with an undecodable payload', 'aaa.%%%%.ccc'],
  ])('yields no user for %s', (_label, token) => {
    expect(readSessionUser(token)).toBeNull();
  });
});

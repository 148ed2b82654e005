import { describe, expect, it } from 'vitest';
import { REDIRECT_PARAM, loginHref, paths, postLoginTarget } from './paths';

const withRedirect = (target: string) => `?${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}`;

describe('loginHref', () => {
  it('is plain /login without a page to return to', () => {
    expect(loginHref()).toBe('/login');
    expect(loginHref('')).toBe('/login');
  });

  it('carries the page to return to, encoded, in the redirect parameter', () => {
    expect(loginHref('/documents')).toBe('/login?redirect=%2Fdocuments');
  });

  it('keeps the query of the page to return to', () => {
    expect(loginHref('/ai-powered-form?step=2&lang=ro')).toBe(
      '/login?redirect=%2Fai-powered-form%3Fstep%3D2%26lang%3Dro',
    );
  });

  it('does not send /login back to itself', () => {
    expect(loginHref(paths.login)).toBe('/login');
  });

  it.each(['/documents', '/user-profile', '/ai-powered-form?step=2&lang=ro'])(
    'round-trips %s through postLoginTarget',
    (page) => {
      const search = loginHref(page).slice(loginHref(page).indexOf('?'));
      expect(postLoginTarget(search)).toBe(page);
    },
  );
});

describe('postLoginTarget', () => {
  it('goes to the internal page that was asked for', () => {
    expect(postLoginTarget('?redirect=%2Fdocuments')).toBe('/documents');
  });

  it('keeps the query of the page asked for', () => {
    expect(postLoginTarget(withRedirect('/ai-powered-form?step=2&lang=ro'))).toBe(
      '/ai-powered-form?step=2&lang=ro',
    );
  });

  it('accepts a search string without its leading "?" and ignores other parameters', () => {
    expect(postLoginTarget('utm=mail&redirect=%2Fuser-profile')).toBe('/user-profile');
  });

  it.each([
    ['no search at all', ''],
    ['no redirect parameter', '?utm=mail'],
    ['an empty redirect parameter', '?redirect='],
  ])('goes to /dashboard with %s', (_label, search) => {
    expect(postLoginTarget(search)).toBe('/dashboard');
  });

  it('goes to the fallback asked for (the company form after sign-up) when no page was named', () => {
    expect(postLoginTarget('', paths.wizard)).toBe(paths.wizard);
    expect(postLoginTarget('?redirect=%2F%2Fevil.com', paths.wizard)).toBe(paths.wizard);
    expect(postLoginTarget('?redirect=%2Fdocuments', paths.wizard)).toBe('/documents');
  });

  it.each([
    ['an absolute URL', 'https://evil.com/documents'],
    ['an http URL', 'http://evil.com'],
    ['a protocol-relative URL', '//evil.com'],
    ['a protocol-relative URL with a path', '//evil.com/documents'],
    ['a backslash after the slash', '/\\evil.com'],
    ['two backslashes', '\\\\evil.com'],
    ['a backslash deeper in the path', '/documents\\..\\\\evil.com'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'documents'],
    ['a tab that browsers strip into //', '/\t/evil.com'],
    ['a newline that browsers strip into //', '/\n/evil.com'],
    ['a dot segment that resolves into //', '/.//evil.example'],
    ['dot segments that resolve into //', '/a/..//evil.example/x'],
    ['a carriage return', '/\r/evil.com'],
  ])('refuses %s and goes to /dashboard', (_label, target) => {
    expect(postLoginTarget(withRedirect(target))).toBe('/dashboard');
  });

  it.each([
    ['/login', '/login'],
    ['/login with its own redirect', '/login?redirect=%2Fdocuments'],
    ['/logout', '/logout'],
    ['/logout with a trailing slash', '/logout/'],
    ['/logout with a query', '/logout?x=1'],
  ])('does not go back to %s after logging in', (_label, target) => {
    expect(postLoginTarget(withRedirect(target))).toBe('/dashboard');
  });
});

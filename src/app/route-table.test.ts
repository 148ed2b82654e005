import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '@/lib/i18n/namespaces';
import { routeNamespaces } from './route-table';

describe('routeNamespaces', () => {
  it("names a founder page's translations, to load beside its code", () => {
    expect(routeNamespaces('/ai-powered-form')).toEqual([
      'wizard',
      'jurisdictions',
      'forms',
      'assistant',
      'faq',
    ]);
    expect(routeNamespaces('/documents')).toEqual(['documents']);
    expect(routeNamespaces('/user-profile')).toEqual(['profile', 'forms']);
  });

  it('names only namespaces that exist, and none for a page that declares none', () => {
    for (const path of ['/ai-powered-form', '/documents', '/user-profile'])
      for (const namespace of routeNamespaces(path)) expect(NAMESPACES).toContain(namespace);
    expect(routeNamespaces('/no/such/page')).toEqual([]);
  });
});

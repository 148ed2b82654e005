import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FOUNDER_PAGE_CODE, founderPagePath, SESSION_SHELL_MODULE } from './founder-pages';
import { paths } from './paths';

/** The modules the route table loads lazily, as Vite's manifest names them (src/…). */
function routeTableImports(): string[] {
  const source = readFileSync('src/app/route-table.tsx', 'utf8');
  return [...source.matchAll(/import\('([^']+)'\)/g)].map(([, specifier = '']) =>
    specifier.startsWith('@/')
      ? `src/${specifier.slice(2)}.tsx`
      : `src/app/${specifier.replace(/^\.\//, '')}.tsx`,
  );
}

describe('the founder pages’ code the server sends with them', () => {
  it('names, for each page, the module the route table loads for it, and the session shell', () => {
    const imports = routeTableImports();
    expect(imports).toContain(SESSION_SHELL_MODULE);
    for (const [pathname, code] of Object.entries(FOUNDER_PAGE_CODE)) {
      expect(imports, pathname).toContain(code.modules[0]);
      for (const module of code.modules) expect(existsSync(module), module).toBe(true);
      for (const namespace of code.namespaces)
        expect(existsSync(`locales/fr/${namespace}.json`), `${pathname}: ${namespace}`).toBe(true);
    }
  });

  it('finds a page with or without its trailing slash, and no public page', () => {
    expect(founderPagePath('/documents/')).toBe(paths.documents);
    expect(founderPagePath(paths.wizard)).toBe(paths.wizard);
    expect(founderPagePath(paths.plans)).toBeNull();
    expect(founderPagePath('/constructor')).toBeNull();
  });
});

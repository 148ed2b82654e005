import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { configDefaults } from 'vitest/config';
import { generateFormModules } from './scripts/forms/generate.ts';

/**
 * Mantine's styles per component: each component's class-name module (`Button.module.css.mjs`) is made
 * to import that component's stylesheet (`styles/Button.layer.css`), so a chunk carries the CSS of the
 * components its code uses, and Vite loads it with the chunk. A page then parses only the rules it can
 * show, instead of Mantine's whole 200 kB stylesheet. The global rules are imported in app/providers.tsx.
 */
function mantineComponentStylesPlugin(): Plugin {
  const classModule = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.css\.mjs$/;
  return {
    name: 'kreo-mantine-component-styles',
    transform(code, id) {
      const name = classModule.exec(id)?.[1];
      return name ? `import '@mantine/core/styles/${name}.layer.css';\n${code}` : null;
    },
  };
}

/** The app's test files that call vi.mock, found by reading them (a mock must not leak into other files). */
const MODULE_MOCKING_TESTS = ['src', 'tests/unit'].flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${folder}/${file.split(path.sep).join('/')}`)
    .filter((file) => readFileSync(file, 'utf8').includes('vi.mock(')),
);

/**
 * The server's test files that run on PostgreSQL too (`npm run test:server:pg`), each for what the
 * driver changes under it. PGlite runs one transaction at a time on one connection; node-postgres runs a
 * pool whose transactions overlap, raises its own errors (drizzle wraps them) and has pg_dump. The
 * other files test the code above the data layer, the same on both: they run once, on PGlite, rather
 * than test the same thing twice (the PostgreSQL run took ten minutes of a two-core machine with them).
 * A new test of concurrency, locks, unique indexes or the pool belongs here.
 */
const POSTGRES_SERVER_TESTS: Record<string, string> = {
  'tests/server/backup.test.ts': 'pg_dump and pg_restore, into a new database',
  'tests/server/shutdown.test.ts': 'a SIGTERM under load: the pool drained, nothing half-written',
  'tests/server/two-instances.test.ts': 'two servers on one database: limits, tokens, mail, payments, locks',
  'tests/server/operations.test.ts': 'readiness while the database is down, and back',
  'tests/server/mail-queue.test.ts': 'leases claimed with row locks by overlapping workers',
  'tests/server/invoices.test.ts': 'invoice numbers without a gap or a double under 50 payments at once',
  'tests/server/checkout.test.ts': 'products granted once when a payment is confirmed ten times at once',
  'tests/server/stripe.test.ts': "Stripe's event delivered several times at once: the products granted once",
  'tests/server/company-file.test.ts': 'one of concurrent saves from the same revision wins',
  'tests/server/co-founders.test.ts': "co-founders' acts against the file's revision, at once",
  'tests/server/signing.test.ts': 'two signatures whose transactions overlap: one seal, both kept',
  'tests/server/sessions.test.ts': 'two tabs refreshing one session at once',
  'tests/server/auth.test.ts':
    "sign-ups of one address at once: the unique index's error, wrapped by drizzle",
  'tests/server/user.test.ts': 'an e-mail change raced to an address taken meanwhile',
  'tests/server/trust.test.ts': 'limits counted across requests sent at once',
  'tests/server/site-contact-abuse.test.ts': 'one form stamp posted several times at once: one passes',
  'tests/server/site-domains.test.ts':
    'two sites proving one domain at once: the partial unique index keeps one',
  'tests/server/fuzz.test.ts':
    "hostile input on every route through the driver's encoding and errors: never a 500, nothing written (a fifth of its cases)",
};
// Checked when they run (a renamed file must not drop out unseen), not at every build or dev start.
if (process.env.DATABASE_URL)
  for (const file of Object.keys(POSTGRES_SERVER_TESTS))
    if (!existsSync(file)) throw new Error(`vite.config.ts names ${file} for PostgreSQL: it does not exist`);

/**
 * `virtual:knowledge-countries` and `virtual:knowledge-legal-forms`: the country and the legal forms of
 * each knowledge-base entry (schemas/knowledge.json), without the sources beside them, which the
 * assistant does not need (45 kB of them).
 */
function knowledgeMetadataPlugin(): Plugin {
  const entryProperties = {
    'virtual:knowledge-countries': 'jurisdiction',
    'virtual:knowledge-legal-forms': 'legalForms',
  } as const;
  const isOurs = (id: string): id is keyof typeof entryProperties => Object.hasOwn(entryProperties, id);
  const schemaFile = fileURLToPath(new URL('./schemas/knowledge.json', import.meta.url));
  return {
    name: 'kreo-knowledge-metadata',
    resolveId: (source) => (isOurs(source) ? `\0${source}` : null),
    load(source) {
      const id = source.startsWith('\0') ? source.slice(1) : '';
      if (!isOurs(id)) return null;
      const property = entryProperties[id];
      this.addWatchFile(schemaFile);
      const { entries } = JSON.parse(readFileSync(schemaFile, 'utf8')) as {
        entries: Record<string, { jurisdiction?: string; legalForms?: string[] }>;
      };
      const values = Object.fromEntries(
        Object.entries(entries).flatMap(([entry, meta]) => (meta[property] ? [[entry, meta[property]]] : [])),
      );
      return `export default ${JSON.stringify(values)};`;
    },
  };
}

/**
 * In development, an edit to schemas/forms/*.json or schemas/wizard/*.json regenerates its precompiled validator at once, so the
 * page (and the staff preview) show the edit without running `npm run gen:forms` by hand.
 */
function formValidatorsPlugin(): Plugin {
  const regenerate = (file: string) => {
    if (!/schemas[\\/](forms|wizard)[\\/][^\\/]+\.json$/.test(file)) return;
    try {
      generateFormModules(process.cwd());
    } catch (error) {
      console.error(`[forms] ${String(error)}`);
    }
  };
  return {
    name: 'kreo-form-validators',
    apply: 'serve',
    configureServer(server) {
      server.watcher.add(['schemas/forms', 'schemas/wizard']);
      server.watcher.on('change', regenerate);
      server.watcher.on('add', regenerate);
      server.watcher.on('unlink', regenerate);
    },
  };
}

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), mantineComponentStylesPlugin(), formValidatorsPlugin(), knowledgeMetadataPlugin()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Two libraries @rjsf imports for features our forms do not use (src/forms/shims/): 38 kB less per form page.
      {
        find: /^markdown-to-jsx\/react$/,
        replacement: fileURLToPath(new URL('./src/forms/shims/markdown-to-jsx.tsx', import.meta.url)),
      },
      {
        find: /^fast-uri$/,
        replacement: fileURLToPath(new URL('./src/forms/shims/fast-uri.ts', import.meta.url)),
      },
    ],
  },
  server: {
    // The API runs on its own port in development; the SPA talks to it as if same-origin.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/checkout': { target: apiTarget, changeOrigin: true },
      // The promotional websites and their logos (the builder's preview and its public link).
      '/sites': { target: apiTarget, changeOrigin: true },
      '/site-logos': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    // The bundle benchmark reads the manifest to add up what the landing page loads.
    manifest: true,
    sourcemap: true,
    // Browsers without <link rel=modulepreload> (Safari before 17) just load chunks a little later;
    // the polyfill would cost every visitor's first page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page needs at start-up, in one file: gzip compresses one file better than ten.
            // Mantine's components are left out so that heavy ones stay with the pages that use them.
            // The API client and the session run at start-up (token refresh) and serve most pages.
            // The account pages' own small modules, shared by login, sign-up and the reset pages: one file
            // rather than five (each file costs its own wrapper and compresses alone).
            // What the precompiled validators of every form share (ajv's runtime helpers, our formats).
            {
              name: 'validator-runtime',
              test: /(node_modules[\\/](fast-deep-equal|ajv[\\/]dist[\\/]runtime)[\\/]|src[\\/]forms[\\/]formats\.ts$)/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'account-forms',
              test: /src[\\/]features[\\/]auth[\\/](auth-card|failure-alert|form-feedback|use-form-language)\.tsx?$/,
              // Their own code only: the Mantine parts they use stay where other pages find them.
              includeDependenciesRecursively: false,
            },
            {
              name: 'framework',
              test: /(node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|jotai|openapi-fetch|jwt-decode|@mantine[\\/]hooks[\\/]esm[\\/](use-media-query|use-did-update|use-reduced-motion|use-disclosure)|@mantine[\\/]core[\\/]esm[\\/](core|components[\\/]UnstyledButton))[\\/]|src[\\/]lib[\\/](api|session)[\\/])/,
            },
          ],
        },
      },
    },
  },
  test: {
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          // The files of a worker share their imported modules (each still gets a fresh jsdom): the
          // suite spends its time on tests rather than on importing Mantine and RJSF once per file.
          // src/testing/setup.ts resets the shared state between tests; files that replace a module
          // (vi.mock) need modules of their own and run in the 'app-isolated' project.
          isolate: false,
          exclude: [...configDefaults.exclude, ...MODULE_MOCKING_TESTS],
          // Every core: Vitest's default leaves one idle (a single worker on CI's two cores), and this
          // suite runs alone in its stage of npm test.
          maxWorkers: '100%',
          setupFiles: ['./src/testing/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          css: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'app-isolated',
          environment: 'jsdom',
          // The files that replace a module (vi.mock): each imports its own copy of everything.
          isolate: true,
          maxWorkers: '100%',
          setupFiles: ['./src/testing/setup.ts'],
          include: MODULE_MOCKING_TESTS,
          css: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: process.env.DATABASE_URL
            ? Object.keys(POSTGRES_SERVER_TESTS)
            : ['server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          // Each file opens its own database; argon2 hashing is CPU-bound, so keep the pool small.
          pool: 'forks',
          maxWorkers: 2,
          // Each file in a process of its own. With the files of a worker sharing their modules, the
          // suite took 50 s less (of 340 s on PGlite), but a body that is not JSON came out parsed in
          // auth.test.ts, which no file run alone shows: not worth the doubt on every failure.
          isolate: true,
          // One migrated database per run, which each file's database is copied from.
          globalSetup: ['./tests/server/global-setup.ts'],
          // Limits for a machine twice as slow as a busy CI runner: a test there takes seconds, a hook
          // that starts a server tens of seconds. A test that does more says so with a limit of its own.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

/**
 * The promise made to product staff (README, "words and forms"): a field added to schemas/forms/signup.json,
 * with its words in the three languages, shows on /signup without any code change. The test adds one
 * optional field to a copy of the real definition, compiles it as `npm run gen:forms` does, and renders the
 * real page with that module in place of the generated one.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RJSFSchema } from '@rjsf/utils';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { screen, within } from '@testing-library/react';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import enAuth from '../../../locales/en/auth.json';
import enForms from '../../../locales/en/forms.json';
import frAuth from '../../../locales/fr/auth.json';
import frForms from '../../../locales/fr/forms.json';
import roAuth from '../../../locales/ro/auth.json';
import roForms from '../../../locales/ro/forms.json';
import {
  FORM_AJV_OPTIONS,
  compileFormModule,
  exportName,
  type FormDefinitionFile,
} from '../../../scripts/forms/compile-form';
import type * as ApiClientExports from '@/lib/api/client';
import type { Language } from '@/lib/i18n/languages';
import { createTestI18n, renderWithProviders } from '@/testing/render';
import type * as SignupPageExports from './signup-page';

const AUTH = { fr: frAuth, en: enAuth, ro: roAuth } satisfies Record<Language, typeof frAuth>;
const FORMS = { fr: frForms, en: enForms, ro: roForms } satisfies Record<Language, typeof frForms>;
const LANGS = Object.keys(AUTH) as Language[];

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** Git-ignored, and inside the repository so that the module's imports (ajv, @/forms) resolve. */
const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'kreo-forms-test');

const REFERRAL_KEY = 'signup.fields.referralCode';
const REFERRAL_TITLE = {
  fr: 'Code de parrainage (facultatif)',
  en: 'Referral code (optional)',
  ro: 'Cod de recomandare (opțional)',
} satisfies Record<Language, string>;

interface SignupJson {
  schema: { required: string[]; properties: Record<string, unknown> };
  uiSchema: Record<string, unknown> & { 'ui:order': string[] };
}

/** What compileFormModule throws on AJV output it cannot turn into ES module syntax (see the known bug below). */

let workDir = '';
let modulePath = '';
let moduleSource = '';
const REFERRAL_MAX_LENGTH = 40;

/** signup.json as committed, plus what a staff member would write: one optional property and its title key. */
function extendedSignup(maxLength: number): SignupJson {
  const definition = JSON.parse(readFileSync(join(ROOT, 'schemas/forms/signup.json'), 'utf8')) as SignupJson;
  definition.schema.properties.referralCode = { type: 'string', maxLength };
  definition.uiSchema.referralCode = { 'ui:title': `auth:${REFERRAL_KEY}` };
  return definition;
}

function formFile(name: string, definition: unknown, dir: string): FormDefinitionFile {
  return {
    name,
    path: join(dir, `${name}.json`),
    definition: definition as FormDefinitionFile['definition'],
  };
}

beforeAll(() => {
  mkdirSync(CACHE_DIR, { recursive: true });
  workDir = mkdtempSync(join(CACHE_DIR, 'signup-'));
  // maxLength 40 makes AJV export the validator as `exports.<identifier>` (not `exports["…"]`): both forms compile.
  const definition = extendedSignup(REFERRAL_MAX_LENGTH);
  const form = formFile('signup', definition, workDir);
  moduleSource = compileFormModule(form, workDir);
  writeFileSync(form.path ?? join(workDir, 'signup.json'), JSON.stringify(definition, null, 2));
  if (!moduleSource) throw new Error('the generator compiled none of the extended sign-up schemas');
  modulePath = join(workDir, 'signup.ts');
  writeFileSync(modulePath, moduleSource);
});

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  try {
    rmdirSync(CACHE_DIR); // only when no other run is using it
  } catch {
    // not empty: another run's files are still there
  }
});

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  // Every word on the page resolved in the locale files (or in the words added by the test).
  const missing = consoleError.mock.calls.filter(([message]) => String(message).includes('[i18n]'));
  expect(missing).toEqual([]);
});

type SignupPageModule = typeof SignupPageExports;
type ApiClientModule = typeof ApiClientExports;

/** The real sign-up page, loaded afresh with the generated module replaced by the one compiled above. */
async function loadExtendedSignup(): Promise<SignupPageModule & ApiClientModule> {
  vi.resetModules();
  vi.doMock('@/forms/generated/signup', () => import(/* @vite-ignore */ modulePath));
  const page = await import('./signup-page');
  // The page was loaded afresh, and with it the API client it calls.
  const client = await import('@/lib/api/client');
  return { ...page, ...client };
}

function renderExtendedSignup(
  { SignupPage, apiClient }: SignupPageModule & ApiClientModule,
  language: Language,
) {
  const post = vi.spyOn(apiClient, 'POST');
  const i18n = createTestI18n(language);
  for (const lang of LANGS) i18n.addResource(lang, 'auth', REFERRAL_KEY, REFERRAL_TITLE[lang]);
  return { ...renderWithProviders(<SignupPage />, { i18n, route: '/signup' }), post };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The control a field title labels (a required field's title ends with an asterisk hidden from screen readers). */
const control = (title: string) => screen.getByLabelText(new RegExp(`^${escapeRegExp(title)}( \\*)?$`));
const queryControl = (title: string) =>
  screen.queryByLabelText(new RegExp(`^${escapeRegExp(title)}( \\*)?$`));

function errorsOf(input: HTMLElement): string[] {
  const box = document.getElementById(`${input.id}__error`);
  return box ? [...box.children].map((line) => line.textContent ?? '') : [];
}

/** A small form definition whose compiled validator AJV exports as `exports.<identifier> = …`. */
function findIdentifierHashedSchema() {
  for (let maxLength = 1; maxLength < 500; maxLength += 1) {
    const schema = { type: 'object', properties: { note: { type: 'string', maxLength } } };
    const code = compileSchemaValidatorsCode(schema as RJSFSchema, {
      ajvOptionsOverrides: { ...FORM_AJV_OPTIONS, code: { source: true, esm: false } },
    });
    if (/^exports\.\w+ = /m.test(code)) return { schema };
  }
  throw new Error('no schema found whose validator is exported under an identifier');
}

/** Whether `a` comes before `b` in the page. */
const precedes = (a: Element, b: Element) =>
  Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('a field added to schemas/forms/signup.json', () => {
  it('is compiled into a module like the generated ones', () => {
    expect(moduleSource).toContain(`export const ${exportName('signup')} = defineForm('signup'`);
    expect(moduleSource).toContain("import definition from './signup.json';");
    expect(moduleSource).toContain(`"referralCode":{"type":"string","maxLength":${REFERRAL_MAX_LENGTH}}`);
    expect(moduleSource).not.toMatch(/\brequire\(|\bexports[.[]|module\.exports/);
  });

  // AJV names a validator by the hash of its schema, written `exports["-3ba77d4f"]` or, when the hash is a
  // valid identifier, `exports.be04478`: the generator must accept both.
  it('compiles whatever the hash of the schema (exports.<identifier> included)', () => {
    const identifierHashed = findIdentifierHashedSchema();
    expect(() => compileFormModule(formFile('extra', identifierHashed, workDir), workDir)).not.toThrow();
  });

  it('is not on the page built from the committed definition (the control case)', async () => {
    vi.resetModules();
    const { SignupPage } = await import('./signup-page');
    renderWithProviders(<SignupPage />, { language: 'en', route: '/signup' });

    expect(control(AUTH.en.signup.fields.companyName)).toBeInTheDocument();
    expect(queryControl(REFERRAL_TITLE.en)).not.toBeInTheDocument();
  });

  describe.each(LANGS)('in %s', (language) => {
    const words = AUTH[language].signup;
    let extended: SignupPageModule & ApiClientModule;

    beforeAll(async () => {
      extended = await loadExtendedSignup();
    });

    afterAll(() => {
      vi.doUnmock('@/forms/generated/signup');
      vi.resetModules();
    });

    it('shows with its translated title, among the optional fields, with no code change', async () => {
      renderExtendedSignup(extended, language);

      const referral = control(REFERRAL_TITLE[language]);
      expect(referral).toHaveAttribute('type', 'text');
      expect(referral).toHaveAttribute('maxlength', String(REFERRAL_MAX_LENGTH));
      expect(referral).not.toBeRequired();
      // "*" in ui:order places it after the company name and before the language.
      expect(precedes(control(words.fields.companyName), referral)).toBe(true);
      expect(precedes(referral, screen.getByRole('combobox', { name: AUTH[language].fields.language }))).toBe(
        true,
      );
      expect(screen.queryByText(`auth:${REFERRAL_KEY}`)).not.toBeInTheDocument();
      expect(screen.queryByText(REFERRAL_KEY)).not.toBeInTheDocument();
    });

    it('leaves the rest of the form validating as before', async () => {
      const { user, post } = renderExtendedSignup(extended, language);

      await user.click(screen.getByRole('button', { name: words.submit }));

      const required = FORMS[language].errors.required;
      for (const title of [
        words.fields.firstname,
        words.fields.lastname,
        words.fields.email,
        words.fields.password,
        words.fields.confirmPassword,
      ]) {
        expect(errorsOf(control(title)), title).toEqual([required]);
      }
      expect(errorsOf(control(REFERRAL_TITLE[language]))).toEqual([]);
      expect(screen.getByText(words.errors.termsRequired)).toBeInTheDocument();

      await user.type(control(words.fields.email), 'camille@');
      await user.type(control(words.fields.password), 'abc');
      await user.type(control(words.fields.confirmPassword), 'abd');
      expect(errorsOf(control(words.fields.email))).toEqual([words.errors.emailInvalid]);
      expect(errorsOf(control(words.fields.password))).toEqual([words.errors.passwordTooShort]);
      expect(errorsOf(control(words.fields.confirmPassword))).toEqual([words.errors.passwordsDiffer]);
      expect(post).not.toHaveBeenCalled();
    });

    it('is kept in the form but not sent until the API knows it', async () => {
      const { user, post } = renderExtendedSignup(extended, language);
      post.mockResolvedValue({ data: { accessToken: 'token' }, response: new Response() } as never);

      await user.type(control(words.fields.firstname), 'Camille');
      await user.type(control(words.fields.lastname), 'Martin');
      await user.type(control(words.fields.email), 'camille@example.com');
      await user.type(control(words.fields.password), 'Kreo-motdepasse-2026');
      await user.type(control(words.fields.confirmPassword), 'Kreo-motdepasse-2026');
      await user.type(control(REFERRAL_TITLE[language]), 'FRIEND-2024');
      // No date of birth is pre-filled: one is picked in the calendar, which opens on December 2000.
      await user.click(screen.getByRole('button', { name: words.fields.dateOfBirth }));
      const calendar = await screen.findByRole('dialog', { hidden: true });
      await user.click(within(calendar).getByRole('button', { name: /^15 \S+ 2000$/, hidden: true }));
      await user.click(
        screen.getByRole('checkbox', { name: words.fields.agreeToTerms.replace(/<\/?\w+>/g, '') }),
      );
      await user.click(screen.getByRole('button', { name: words.submit }));

      expect(post).toHaveBeenCalledTimes(1);
      const init = post.mock.calls[0]?.[1] as unknown as { body: Record<string, unknown> } | undefined;
      expect(init?.body).toMatchObject({
        firstname: 'Camille',
        email: 'camille@example.com',
        dateOfBirth: '2000-12-15',
        language,
      });
      expect(init?.body).not.toHaveProperty('referralCode');
    });
  });
});

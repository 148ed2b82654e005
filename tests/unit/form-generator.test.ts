/** The build step that precompiles the form validators, and the check that catches a stale one. */
import { cp, mkdtemp, readFile, rm, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileFormModule, readFormDefinitions } from '../../scripts/forms/compile-form';
import { generateFormModules } from '../../scripts/forms/generate';

let root: string;

const definition = {
  schema: {
    type: 'object',
    required: ['password', 'confirmPassword'],
    properties: {
      password: { type: 'string', minLength: 6 },
      confirmPassword: { type: 'string', const: { $data: '1/password' } },
      birthday: { type: 'string', format: 'date' },
    },
  },
  uiSchema: { password: { 'ui:title': 'auth:signup.fields.password' } },
};

async function writeDefinition(name: string, content: unknown) {
  await writeFile(path.join(root, 'schemas/forms', `${name}.json`), JSON.stringify(content));
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kreo-forms-'));
  await mkdir(path.join(root, 'schemas/forms'), { recursive: true });
  await writeDefinition('sign-in', definition);
  await writeFile(path.join(root, 'schemas/forms/form-definition.schema.json'), '{}');
  // The real wizard and jurisdictions: each step is compiled once per legal form.
  await cp('schemas/wizard', path.join(root, 'schemas/wizard'), { recursive: true });
  await cp('schemas/jurisdictions', path.join(root, 'schemas/jurisdictions'), { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('compileFormModule', () => {
  it('emits an ES module with no CommonJS left, exporting the form under a camel-cased name', () => {
    const [form] = readFormDefinitions(root);
    if (!form) throw new Error('the definition was not read');
    const source = compileFormModule(form, path.join(root, 'src/forms/generated'));
    expect(source).not.toMatch(/\brequire\(|\bexports\[|module\.exports/);
    expect(source).toContain("import definition from '../../../schemas/forms/sign-in.json';");
    expect(source).toContain("export const signInForm = defineForm('sign-in', definition, validateFns);");
    // The runtime helpers AJV needs are imported, not compiled at run time.
    expect(source).toMatch(/import \* as runtime\d from 'ajv\/dist\/runtime\/equal';/);
    expect(source).not.toContain('new Function');
  });

  it('ignores the definition meta-schema', () => {
    expect(readFormDefinitions(root).map((form) => form.name)).toEqual(['sign-in']);
  });
});

/** 1 form, the shared first step, then 5 steps for each of the 6 legal forms. */
const MODULES = 1 + 1 + 5 * 6;

describe('generateFormModules', () => {
  it('writes one module per form, and per step and legal form, then finds nothing to report', async () => {
    expect(generateFormModules(root)).toEqual({ forms: MODULES, problems: [] });
    const generated = (name: string) => readFile(path.join(root, 'src/forms/generated', name), 'utf8');
    expect(await generated('sign-in.ts')).toContain('signInForm');
    // A step resolved for a form carries that form's figures: one associate exactly for a SASU.
    const sasu = await generated('wizard-fr-sasu-subscribers.ts');
    expect(sasu).toContain(
      "export const wizardFrSasuSubscribersForm = defineForm('wizard-fr-sasu-subscribers', definition, validateFns);",
    );
    expect(sasu).toContain('"minItems":1,"maxItems":1');
    expect(await generated('wizard-fr-sas-subscribers.ts')).toContain('"minItems":2');
    expect(await generated('wizard-form-fr-sasu.ts')).toContain("defineStep('subscribers'");
    const index = await generated('wizard-steps.ts');
    expect(index).toContain("'RO-SRL': () => import('./wizard-form-ro-srl')");
    expect(index).toContain("export const chooserStep = defineStep('company-form'");
    expect(generateFormModules(root, { check: true }).problems).toEqual([]);
  });

  it("finds a legal form's modules stale when its jurisdiction's figures change", async () => {
    generateFormModules(root);
    const file = path.join(root, 'schemas/jurisdictions/ro.json');
    const romania = JSON.parse(await readFile(file, 'utf8')) as {
      parameters: Record<string, { value: unknown }>;
    };
    const capital = romania.parameters.minimumShareCapital;
    if (!capital) throw new Error('ro.json has no minimumShareCapital');
    capital.value = 5000;
    await writeFile(file, JSON.stringify(romania));
    expect(generateFormModules(root, { check: true }).problems.sort()).toEqual([
      'src/forms/generated/wizard-ro-srl-company-details.ts is stale',
      'src/forms/generated/wizard-ro-srl-sole-company-details.ts is stale',
      'src/forms/generated/wizard-steps.ts is stale',
    ]);
  });

  it('reports a module older than its edited schema, and writes nothing in check mode', async () => {
    generateFormModules(root);
    const before = await readFile(path.join(root, 'src/forms/generated/sign-in.ts'), 'utf8');
    await writeDefinition('sign-in', {
      ...definition,
      schema: {
        ...definition.schema,
        properties: { ...definition.schema.properties, extra: { type: 'string' } },
      },
    });
    expect(generateFormModules(root, { check: true }).problems).toEqual([
      'src/forms/generated/sign-in.ts is stale',
    ]);
    expect(await readFile(path.join(root, 'src/forms/generated/sign-in.ts'), 'utf8')).toBe(before);
  });

  it('reports a missing module and one whose schema was deleted', async () => {
    generateFormModules(root);
    await writeDefinition('profile', definition);
    await rm(path.join(root, 'schemas/forms/sign-in.json'));
    expect(generateFormModules(root, { check: true }).problems.sort()).toEqual([
      'src/forms/generated/profile.ts is missing',
      'src/forms/generated/sign-in.ts has no schema in schemas/ any more',
    ]);
    generateFormModules(root);
    expect(generateFormModules(root, { check: true }).problems).toEqual([]);
  });
});

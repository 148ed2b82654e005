/** The build step that precompiles the form validators, and the check that catches a stale one. */
import { mkdtemp, readFile, rm, mkdir, writeFile } from 'node:fs/promises';
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
  // A one-step wizard: its steps are forms too, listed in order by steps.json.
  await mkdir(path.join(root, 'schemas/wizard'), { recursive: true });
  await writeFile(path.join(root, 'schemas/wizard/steps.json'), JSON.stringify({ steps: ['identity'] }));
  await writeFile(
    path.join(root, 'schemas/wizard/identity.json'),
    JSON.stringify({ ...definition, title: 'wizard:steps.identity.title', icon: 'user' }),
  );
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

describe('generateFormModules', () => {
  it('writes one module per form, then finds nothing to report', async () => {
    expect(generateFormModules(root)).toEqual({ forms: 2, problems: [] });
    const written = await readFile(path.join(root, 'src/forms/generated/sign-in.ts'), 'utf8');
    expect(written).toContain('signInForm');
    const step = await readFile(path.join(root, 'src/forms/generated/wizard-identity.ts'), 'utf8');
    expect(step).toContain(
      "export const wizardIdentityForm = defineForm('wizard-identity', definition, validateFns);",
    );
    const steps = await readFile(path.join(root, 'src/forms/generated/wizard-steps.ts'), 'utf8');
    expect(steps).toContain("defineStep('identity', wizardIdentityStep, wizardIdentityForm),");
    expect(generateFormModules(root, { check: true }).problems).toEqual([]);
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

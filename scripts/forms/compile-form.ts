/**
 * Turns a form definition of schemas/forms/ into an ES module holding its precompiled validator, so the
 * browser validates without compiling schemas at run time (no `new Function`, no CSP 'unsafe-eval').
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { RJSFSchema } from '@rjsf/utils';

import { FORM_AJV_OPTIONS } from '../../src/forms/ajv-options.ts';
import { addFormKeywords } from '../../src/forms/keywords.ts';

export { FORM_AJV_OPTIONS };

export const FORMS_DIR = 'schemas/forms';
export const WIZARD_DIR = 'schemas/wizard';
export const GENERATED_DIR = 'src/forms/generated';

export interface FormDefinitionFile {
  /** The module's name: the file's name for schemas/forms/, `wizard-<step>` for the wizard's steps. */
  name: string;
  path: string;
  definition: { schema: RJSFSchema; uiSchema?: Record<string, unknown> };
}

/** A step of schemas/wizard/: a form definition with the title, description and icon of its step. */
export interface WizardStepFile extends FormDefinitionFile {
  id: string;
  definition: FormDefinitionFile['definition'] & { title: string; description?: string; icon: string };
}

function readJson<T>(path: string): T {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

/** Every `schemas/forms/<name>.json` (the definition meta-schema excepted), sorted by name. */
export function readFormDefinitions(root: string): FormDefinitionFile[] {
  const dir = join(root, FORMS_DIR);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json') && !file.endsWith('.schema.json'))
    .sort()
    .map((file) => {
      const path = join(dir, file);
      return { name: basename(file, '.json'), path, definition: readJson(path) };
    });
}

/** The order of the wizard's steps: the file names listed by schemas/wizard/steps.json. */
export function readWizardStepIds(root: string): string[] {
  const { steps } = readJson<{ steps?: unknown }>(join(root, WIZARD_DIR, 'steps.json'));
  if (
    !Array.isArray(steps) ||
    !steps.every((step) => typeof step === 'string' && /^[a-z][a-z0-9-]*$/.test(step))
  )
    throw new Error(`${WIZARD_DIR}/steps.json: "steps" must list step file names (kebab-case, no .json)`);
  return steps as string[];
}

/** Every step of the wizard, in the order of steps.json. */
export function readWizardSteps(root: string): WizardStepFile[] {
  return readWizardStepIds(root).map((id) => {
    const path = join(root, WIZARD_DIR, `${id}.json`);
    return { id, name: `wizard-${id}`, path, definition: readJson(path) };
  });
}

/** `sign-up` → `signUp`: the exported name of a form's module. */
export function exportName(formName: string): string {
  return `${formName.replace(/[-_](\w)/g, (_, letter: string) => letter.toUpperCase())}Form`;
}

/**
 * AJV's standalone output is CommonJS (`require`, `exports[...]`); Vite and the browser need ESM.
 * Each `require("x")` becomes a namespace import read through `cjs()`, which evens out how Node and
 * the bundler expose a CommonJS module's exports.
 */
function toEsm(commonJs: string): { imports: string[]; body: string; exportedKeys: [string, string][] } {
  const modules = new Map<string, string>();
  let body = commonJs.replace(/^"use strict";\s*/, '');
  body = body.replace(/require\("([^"]+)"\)/g, (_, specifier: string) => {
    let local = modules.get(specifier);
    if (!local) {
      local = `runtime${modules.size}`;
      modules.set(specifier, local);
    }
    return `cjs(${local})`;
  });
  const exportedKeys: [string, string][] = [];
  // AJV writes `exports["-3ba77d4f"] = …`, or `exports.be04478 = …` when the hash is a valid identifier.
  body = body.replace(
    /^exports(?:\[("[^"]+")\]|\.([A-Za-z_$][\w$]*)) = (\w+);\n/gm,
    (_, quoted: string | undefined, bare: string | undefined, fn: string) => {
      exportedKeys.push([quoted ?? JSON.stringify(bare), fn]);
      return '';
    },
  );
  if (/\b(require|exports|module)\b[.[(]/.test(body.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) {
    throw new Error('Unexpected CommonJS left in the compiled validator');
  }
  const imports = [...modules].map(([specifier, local]) => `import * as ${local} from '${specifier}';`);
  return { imports, body, exportedKeys };
}

function importPath(outputDir: string, path: string): string {
  const relativePath = relative(outputDir, path).split('\\').join('/');
  return relativePath.startsWith('.') ? relativePath : `./${relativePath}`;
}

/** The source of `src/forms/generated/<name>.ts` for one definition file. */
export function compileFormModule(form: FormDefinitionFile, outputDir: string): string {
  const code = compileSchemaValidatorsCode(form.definition.schema, {
    ajvOptionsOverrides: { ...FORM_AJV_OPTIONS, code: { lines: true, source: true, esm: false } },
    extenderFn: addFormKeywords,
  });
  const { imports, body, exportedKeys } = toEsm(code);
  return [
    `// Generated by \`npm run gen:forms\` from ${FORMS_DIR}/${form.name}.json: do not edit.`,
    '// The test command fails when this file is older than its schema.',
    '/* eslint-disable */',
    '// @ts-nocheck',
    `import definition from '${importPath(outputDir, form.path)}';`,
    `import { defineForm } from '@/forms/form-definition';`,
    ...imports,
    '',
    '/** A CommonJS module as Node and as the bundler expose it: its exports object either way. */',
    'function cjs(namespace) {',
    '  return namespace.default && namespace.default.__esModule ? namespace.default : namespace;',
    '}',
    '',
    body.trim(),
    '',
    `const validateFns = { ${exportedKeys.map(([key, fn]) => `${key}: ${fn}`).join(', ')} };`,
    '',
    `export const ${exportName(form.name)} = defineForm('${form.name}', definition, validateFns);`,
    '',
  ].join('\n');
}

function stepJsonName(step: WizardStepFile): string {
  return exportName(step.name).replace(/Form$/, 'Step');
}

/** The source of `src/forms/generated/wizard-steps.ts`: the steps in order, each with its form. */
export function compileWizardIndex(steps: WizardStepFile[], outputDir: string): string {
  return [
    `// Generated by \`npm run gen:forms\` from ${WIZARD_DIR}/steps.json: do not edit.`,
    `import { defineStep } from '@/forms/form-definition';`,
    ...steps.flatMap((step) => [
      `import ${stepJsonName(step)} from '${importPath(outputDir, step.path)}';`,
      `import { ${exportName(step.name)} } from './${step.name}';`,
    ]),
    '',
    '/** The steps of the company-creation wizard, in the order of schemas/wizard/steps.json. */',
    'export const wizardSteps = [',
    ...steps.map((step) => `  defineStep('${step.id}', ${stepJsonName(step)}, ${exportName(step.name)}),`),
    '];',
    '',
  ].join('\n');
}

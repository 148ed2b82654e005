/**
 * Runs a schema as the browser does: the module `npm run gen:forms` would write for it (scripts/forms/
 * compile-form.ts), evaluated without AJV's compiler, its imports handed over by hand. For tests of
 * form keywords, whose generated code must stand alone.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import * as equal from 'ajv/dist/runtime/equal';
import * as ucs2length from 'ajv/dist/runtime/ucs2length';
import { compileFormModule } from '../../scripts/forms/compile-form';
import * as formats from '@/forms/formats';

/** What a generated module may import: AJV's run-time helpers and our formats, nothing of ours. */
const RUNTIME_MODULES: Readonly<Record<string, unknown>> = {
  '@/forms/formats': formats,
  'ajv/dist/runtime/equal': equal,
  'ajv/dist/runtime/ucs2length': ucs2length,
};

/** The generated module's source, as `npm run gen:forms` writes it. */
export const precompiledSource = (schema: RJSFSchema): string =>
  compileFormModule({ name: 'test-form', definition: { schema } }, 'src/forms/generated');

/** The validate functions of the generated module, keyed as RJSF's precompiled validator wants them. */
export function precompiledValidatorFunctions(schema: RJSFSchema): ValidatorFunctions {
  const source = precompiledSource(schema);
  const imports = [...source.matchAll(/^import \* as (\w+) from '([^']+)';$/gm)].map(
    ([, local, specifier]) => [local ?? '', specifier ?? ''] as const,
  );
  for (const [, specifier] of imports)
    if (!(specifier in RUNTIME_MODULES)) throw new Error(`the generated module imports ${specifier}`);
  const body = source
    .replace(/^import .*$/gm, '')
    .replace(/^export const \w+ = defineForm\(.*$/m, 'return validateFns;');
  // Only in tests: the module's text, evaluated with its imports as parameters.
  const run = new Function(...imports.map(([local]) => local), body) as (
    ...namespaces: unknown[]
  ) => ValidatorFunctions;
  return run(...imports.map(([, specifier]) => RUNTIME_MODULES[specifier]));
}

/** RJSF's validator over the generated module, as defineForm builds it for a page. */
export const precompiledValidator = (schema: RJSFSchema): ValidatorType =>
  createPrecompiledValidator(precompiledValidatorFunctions(schema), schema);

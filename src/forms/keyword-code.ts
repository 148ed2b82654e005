/**
 * What the validation keywords' code generators share (keywords.ts, keyword-persons.ts,
 * keyword-legal-form-suffix.ts): they run when a validator is compiled, and emit plain code.
 */
import { _, type CodeGen, type Name } from 'ajv';
import codegenNames from 'ajv/dist/compile/names.js';

// A CommonJS default export: Node's ESM loader hands over the exports object, the bundler its `default`.
export const names = (codegenNames as unknown as { default?: typeof codegenNames }).default ?? codegenNames;

/** A variable holding the value at a JSON pointer of the whole data (undefined where there is none). */
export function valueAtPointer(gen: CodeGen, pointer: string): Name {
  const value = gen.let('value', names.rootData);
  for (const segment of pointer.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    gen.assign(value, _`${value} !== null && typeof ${value} == "object" ? ${value}[${key}] : undefined`);
  }
  return value;
}

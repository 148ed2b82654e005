/**
 * Stands in for `fast-uri` (vite.config.ts alias): @rjsf/utils uses it only to resolve `$ref`s against a
 * schema's `$id`, which our schemas do not use. The browser's URL does the same for absolute addresses.
 */
function resolve(base: string, reference: string): string {
  try {
    return new URL(reference, base).href;
  } catch {
    return reference;
  }
}

function equal(first: string, second: string): boolean {
  try {
    return new URL(first).href === new URL(second).href;
  } catch {
    return first === second;
  }
}

export default { resolve, equal };

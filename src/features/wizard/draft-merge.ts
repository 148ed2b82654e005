/** The company file's values: one flat object, keyed by the wizard's field names. */
export type FileData = Record<string, unknown>;

/** Structural equality of JSON values (what a draft holds). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value, index) => jsonEqual(value, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const otherKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return keys.length === otherKeys.length && keys.every((key) => jsonEqual(left[key], right[key]));
}

/**
 * Three-way merge of a draft, field by field. `base` is the server's version both sides started from:
 * a field the user changed here keeps the change; any other field takes the server's value (changed
 * elsewhere, e.g. in another browser). Only a field changed on both sides loses one edit, the other
 * side's, because the person typing here is the one who sees the result.
 */
export function mergeDrafts(base: FileData, mine: FileData, theirs: FileData): FileData {
  const merged: FileData = {};
  for (const key of new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)])) {
    const value = jsonEqual(mine[key], base[key]) ? theirs[key] : mine[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

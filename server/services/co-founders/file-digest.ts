/**
 * What an act or a signature is given on: the SHA-256 of the submitted answers, written with their
 * keys sorted (jsonb does not keep the order a client sent), and what changed between two versions
 * of the answers, as field paths only (never values: a co-founder is told that a person's identity
 * document changed, not its number).
 */
import { createHash } from 'node:crypto';

export type FileData = Record<string, unknown>;
export interface FileChange {
  /** A JSON pointer into the answers: `/shareCapital`, `/persons/1/address`. */
  path: string;
  /** The person a change of `persons` belongs to. */
  personId?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical(value[key])]),
  );
}

/** The SHA-256 of `data` in hex, the same whatever the order of its keys. */
export function fileDigest(data: FileData): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(data)))
    .digest('hex');
}

const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The fields that differ between `before` and `after`: each top-level answer, and for `persons`
 * each person's field (persons matched by `id`, so a person added or removed is one change).
 * At most `limit` changes.
 */
export function fileChanges(before: FileData, after: FileData, limit = 200): FileChange[] {
  const changes: FileChange[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const key of keys) {
    if (same(before[key], after[key])) continue;
    if (key !== 'persons' || !Array.isArray(before[key]) || !Array.isArray(after[key])) {
      changes.push({ path: `/${escape(key)}` });
      continue;
    }
    const people = (list: unknown[]) =>
      new Map(
        list.filter(isRecord).map((person, index) => [String(person.id ?? `#${index}`), { person, index }]),
      );
    const old = people(before[key] as unknown[]);
    const now = people(after[key] as unknown[]);
    for (const [id, { person, index }] of now) {
      const previous = old.get(id)?.person;
      if (!previous) {
        changes.push({ path: `/persons/${index}`, personId: id });
        continue;
      }
      const fields = [...new Set([...Object.keys(previous), ...Object.keys(person)])].sort();
      for (const field of fields)
        if (!same(previous[field], person[field]))
          changes.push({ path: `/persons/${index}/${escape(field)}`, personId: id });
    }
    for (const [id, { index }] of old)
      if (!now.has(id)) changes.push({ path: `/persons/${index}`, personId: id });
  }
  return changes.slice(0, limit);
}

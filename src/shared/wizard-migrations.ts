/**
 * Company files written against an older version of the wizard's steps open in the current one:
 * schemas/wizard/migrations.json says, version by version, where each answer goes now. Run by the
 * server (files in the database, old clients' saves) and by the browser (the copy kept on a device).
 *
 * A migration may set `defaults` (values an older file could not have: the jurisdiction) and `moves`
 * (JSON pointer → JSON pointer: `/presidentName` → `/managers/0/name`). An answer with no place in
 * the new version is never dropped: it is kept aside, and the founder sees it.
 */
import { TRANSFORMS } from './wizard-transforms.ts';

export type FileData = Record<string, unknown>;

export interface MigrationJson {
  from: number;
  to: number;
  $comment?: string;
  defaults?: FileData;
  moves?: Record<string, string>;
  /** Positions (in the new version) of steps that did not exist before: a saved step moves past them. */
  insertedSteps?: number[];
  /** A migration of code (wizard-transforms.ts), run after the moves and defaults. */
  transform?: string;
}

export interface MigrationsFileJson {
  migrations: MigrationJson[];
}

export type MigrationResult =
  { ok: true; data: FileData; setAside: FileData } | { ok: false; reason: 'newer' | 'unknown' };

const isRecord = (value: unknown): value is FileData =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Names that would reach an object's prototype rather than a field. */
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

function segmentsOf(pointer: string): string[] {
  if (!pointer.startsWith('/')) throw new Error(`"${pointer}" is not a JSON pointer (it starts with /)`);
  const segments = pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (segments.some((segment) => FORBIDDEN_SEGMENTS.has(segment)))
    throw new Error(`"${pointer}" names a forbidden place`);
  return segments;
}

/** Sets an own property, even one named `__proto__` (a key a parsed JSON object may have). */
function setOwn(target: FileData, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const isIndex = (segment: string) => /^\d+$/.test(segment);

function read(data: unknown, segments: string[]): unknown {
  let node = data;
  for (const segment of segments) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isRecord(node)) node = node[segment];
    else return undefined;
  }
  return node;
}

function remove(data: FileData, segments: string[]): void {
  const parent = read(data, segments.slice(0, -1));
  const last = segments.at(-1) ?? '';
  if (isRecord(parent)) Reflect.deleteProperty(parent, last);
  // A list keeps its length: the element moved leaves an empty place, not a shifted list.
  else if (Array.isArray(parent) && isIndex(last)) parent[Number(last)] = undefined;
}

/**
 * Writes `value` at the pointer, creating objects (or arrays, for a numeric segment); false when the
 * place is taken or the way there is not of the right kind (a name into a list, a position into an object).
 */
function write(data: FileData, segments: string[], value: unknown): boolean {
  let node: unknown = data;
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    const fits = Array.isArray(node) ? isIndex(segment) : isRecord(node);
    if (!fits) return false;
    const container = node as Record<string, unknown>;
    if (last) {
      if (container[segment] !== undefined) return false;
      container[segment] = value;
      return true;
    }
    if (container[segment] === undefined || container[segment] === null)
      container[segment] = isIndex(segments[index + 1] ?? '') ? [] : {};
    node = container[segment];
  }
  return false;
}

/** The oldest version the migrations reach back to. */
export function oldestVersion(file: MigrationsFileJson, current: number): number {
  let version = current;
  const seen = new Set<number>();
  for (;;) {
    const step = file.migrations.find((migration) => migration.to === version);
    // A migration going back to a version already passed would loop: check:forms refuses it.
    if (!step || seen.has(step.from)) return version;
    seen.add(step.from);
    version = step.from;
  }
}

/**
 * `data`, written against `version`, brought to `current`. `knownFields` are the top-level fields the
 * current steps declare for any form: any other answer is set aside (with what was set aside before).
 */
export function migrateFile(
  data: FileData,
  version: number,
  current: number,
  file: MigrationsFileJson,
  knownFields: ReadonlySet<string>,
): MigrationResult {
  if (version > current) return { ok: false, reason: 'newer' };
  if (version === current) return { ok: true, data, setAside: {} };
  const migrated: FileData = structuredClone(data);
  const setAside: FileData = {};
  for (let at = version; at < current;) {
    const migration = file.migrations.find((candidate) => candidate.from === at);
    if (!migration || migration.to <= at) return { ok: false, reason: 'unknown' };
    for (const [from, to] of Object.entries(migration.moves ?? {})) {
      const source = segmentsOf(from);
      const value = read(migrated, source);
      if (value === undefined) continue;
      remove(migrated, source);
      // A place already filled keeps its value; the moved one is kept aside, under its old name.
      if (!write(migrated, segmentsOf(to), value)) setOwn(setAside, source.join('.'), value);
    }
    for (const [name, value] of Object.entries(migration.defaults ?? {}))
      if (migrated[name] === undefined) setOwn(migrated, name, structuredClone(value));
    if (migration.transform !== undefined) {
      const transform = TRANSFORMS[migration.transform];
      if (!transform) return { ok: false, reason: 'unknown' };
      transform(migrated, (place, value) => setOwn(setAside, place, value));
    }
    at = migration.to;
  }
  for (const key of Object.keys(migrated)) {
    if (knownFields.has(key)) continue;
    setOwn(setAside, key, migrated[key]);
    Reflect.deleteProperty(migrated, key);
  }
  return { ok: true, data: migrated, setAside };
}

/** Where a step saved in `version` is in `current` (a step inserted before it moves it on). */
export function migrateStep(
  step: number,
  version: number,
  current: number,
  file: MigrationsFileJson,
): number {
  let at = step;
  for (const migration of file.migrations) {
    if (migration.from < version || migration.to > current) continue;
    for (const inserted of migration.insertedSteps ?? []) if (inserted <= at) at += 1;
  }
  return at;
}

/** What is wrong with the migrations file (pointers that are not pointers, forbidden names), for start-up. */
export function migrationProblems(file: MigrationsFileJson): string[] {
  const problems: string[] = [];
  for (const migration of file.migrations)
    for (const pointer of Object.entries(migration.moves ?? {}).flat()) {
      try {
        segmentsOf(pointer);
      } catch (error) {
        problems.push(`migration ${migration.from}→${migration.to}: ${(error as Error).message}`);
      }
    }
  return problems;
}

/**
 * Company files written against an older version of the wizard's steps open in the current one:
 * schemas/wizard/migrations.json says, version by version, where each answer goes now. Run by the
 * server (files in the database, old clients' saves) and by the browser (the copy kept on a device).
 *
 * A migration may set `defaults` (values an older file could not have: the jurisdiction) and `moves`
 * (JSON pointer → JSON pointer: `/presidentName` → `/managers/0/name`). An answer with no place in
 * the new version is never dropped: it is kept aside, and the founder sees it.
 */
export type FileData = Record<string, unknown>;

export interface MigrationJson {
  from: number;
  to: number;
  $comment?: string;
  defaults?: FileData;
  moves?: Record<string, string>;
  /** Positions (in the new version) of steps that did not exist before: a saved step moves past them. */
  insertedSteps?: number[];
}

export interface MigrationsFileJson {
  migrations: MigrationJson[];
}

export type MigrationResult =
  { ok: true; data: FileData; setAside: FileData } | { ok: false; reason: 'newer' | 'unknown' };

const isRecord = (value: unknown): value is FileData =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function segmentsOf(pointer: string): string[] {
  if (!pointer.startsWith('/')) throw new Error(`"${pointer}" is not a JSON pointer (it starts with /)`);
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

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
}

/** Writes `value` at the pointer, creating objects (or arrays, for a numeric segment); false if taken. */
function write(data: FileData, segments: string[], value: unknown): boolean {
  let node: unknown = data;
  segments.forEach((segment, index) => {
    if (index === segments.length - 1 || node === undefined) return;
    const nextIsIndex = /^\d+$/.test(segments[index + 1] ?? '');
    const container = node as Record<string, unknown>;
    if (container[segment] === undefined || container[segment] === null)
      container[segment] = nextIsIndex ? [] : {};
    const next = container[segment];
    node = typeof next === 'object' ? next : undefined;
  });
  const last = segments.at(-1) ?? '';
  if (node === undefined || typeof node !== 'object' || node === null) return false;
  const container = node as Record<string, unknown>;
  if (container[last] !== undefined) return false;
  container[last] = value;
  return true;
}

/** The oldest version the migrations reach back to. */
export function oldestVersion(file: MigrationsFileJson, current: number): number {
  let version = current;
  for (;;) {
    const step = file.migrations.find((migration) => migration.to === version);
    if (!step) return version;
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
      if (!write(migrated, segmentsOf(to), value)) setAside[source.join('.')] = value;
    }
    for (const [name, value] of Object.entries(migration.defaults ?? {}))
      if (migrated[name] === undefined) migrated[name] = structuredClone(value);
    at = migration.to;
  }
  for (const key of Object.keys(migrated)) {
    if (knownFields.has(key)) continue;
    setAside[key] = migrated[key];
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

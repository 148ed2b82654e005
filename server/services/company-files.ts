/**
 * The company file: the answers of the company-creation wizard, one JSON object per user. Drafts are
 * stored as sent (a half-filled wizard is normal); a submission must pass the steps of its legal form
 * (schemas/wizard/ resolved with schemas/jurisdictions/), compiled with the browser's AJV options and
 * keywords, so the two sides apply one definition. Every file records the version of the steps it was
 * written against; an older one is migrated (schemas/wizard/migrations.json) when it is read or sent.
 */
import type { CompanyIdentifiers } from '../../src/shared/company-identifiers';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { and, eq, sql } from 'drizzle-orm';
import type { components } from '../../src/lib/api/schema';
import { FORM_AJV_OPTIONS } from '../../src/forms/ajv-options';
import { addFormKeywords } from '../../src/forms/keywords';
import { legalFormOfFile, type LegalForm } from '../../src/shared/jurisdictions';
import { resolveWizard, type ResolvedStep } from '../../src/shared/wizard-definition';
import {
  migrateFile,
  migrateStep,
  migrationProblems,
  oldestVersion,
  type MigrationsFileJson,
} from '../../src/shared/wizard-migrations';
import { readWizardSource } from '../../src/shared/wizard-source.node.ts';
import type { Database, Transaction } from '../db/database';
import { companyFiles } from '../db/schema';
import { fileChanges, fileDigest, type FileChange } from './co-founders/file-digest';
import { guardSubmittedChange, voidRoundsAfterChange } from './signing/void-guard';

export type CompanyFile = components['schemas']['CompanyFile'];
export type CompanyFileData = components['schemas']['CompanyFileData'];
export type CompanyFileValidationError = components['schemas']['CompanyFileValidationError'];

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The wizard's data is three levels deep; far deeper would overflow the stack of JSON.stringify or PostgreSQL. */
const MAX_DEPTH = 32;
/** Enough to show every problem of a real file; bounds the answer to a submission built to fail everywhere. */
const MAX_ERRORS = 100;

export class WizardDefinitionError extends Error {}

export class CompanyFileError extends Error {
  constructor(
    readonly statusCode: 400,
    message: string,
  ) {
    super(message);
  }
}

export interface WizardStep {
  /** The step's file name in schemas/wizard/ (e.g. `subscribers`), which errors name. */
  id: string;
  validate: ValidateFunction;
  /** The top-level keys of the data this step declares. */
  fields: string[];
}

/** The wizard as the server checks files: the chooser, then each legal form's steps, compiled. */
export interface Wizard {
  version: number;
  /** The oldest version whose files can still be migrated. */
  oldestVersion: number;
  legalForms: LegalForm[];
  chooser: WizardStep;
  stepsOf(form: LegalForm): WizardStep[];
  /** How many steps the wizard shows (the chooser included): where a saved step is clamped. */
  stepCount: number;
  knownFields: ReadonlySet<string>;
  migrations: MigrationsFileJson;
  /**
   * The most items each list of the file may hold (`maxItems` of the steps' schemas: associates,
   * managers, CAEN codes), for a file of `form`, or for any form when it has none yet.
   */
  listLimits(form: LegalForm | undefined): ReadonlyMap<string, number>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function compileStep({ id, definition }: ResolvedStep, where: string): WizardStep {
  // One AJV per step: each schema is compiled alone, as the browser's precompiled validators are.
  const ajv = new Ajv({ ...FORM_AJV_OPTIONS, allErrors: true, strict: true });
  addFormats(ajv);
  addFormKeywords(ajv);
  const properties = isRecord(definition.schema.properties) ? definition.schema.properties : {};
  try {
    return { id, validate: ajv.compile(definition.schema), fields: Object.keys(properties) };
  } catch (error) {
    throw new WizardDefinitionError(`${where}: the schema does not compile: ${(error as Error).message}`);
  }
}

/**
 * Reads, resolves and compiles the wizard at start-up: a staff edit applies on the next restart, and a
 * broken schema or jurisdiction file stops the server rather than every submission.
 */
export function loadWizard(root = repositoryRoot): Wizard {
  let source;
  let resolved;
  try {
    source = readWizardSource(root);
    resolved = resolveWizard(source);
  } catch (error) {
    throw new WizardDefinitionError((error as Error).message);
  }
  const problems = migrationProblems(source.migrations);
  if (problems.length > 0)
    throw new WizardDefinitionError(`schemas/wizard/migrations.json: ${problems.join('; ')}`);
  const chooser = compileStep(resolved.chooser, `schemas/wizard/${resolved.chooser.id}.json`);
  const byForm = new Map<string, WizardStep[]>();
  const limitsByForm = new Map<string, Map<string, number>>();
  const anyFormLimits = new Map<string, number>();
  for (const form of resolved.legalForms) {
    const steps = (resolved.stepsOf(form.id) ?? []).slice(1);
    byForm.set(form.id, [
      chooser,
      ...steps.map((step) => compileStep(step, `schemas/wizard/${step.id}.json (${form.id})`)),
    ]);
    const limits = listLimitsOf(steps);
    limitsByForm.set(form.id, limits);
    for (const [field, max] of limits) anyFormLimits.set(field, Math.max(max, anyFormLimits.get(field) ?? 0));
  }
  return {
    version: resolved.version,
    oldestVersion: oldestVersion(source.migrations, resolved.version),
    legalForms: resolved.legalForms,
    chooser,
    stepsOf: (form) => byForm.get(form.id) ?? [chooser],
    stepCount: source.stepIds.length,
    knownFields: resolved.knownFields,
    migrations: source.migrations,
    listLimits: (form) => (form ? limitsByForm.get(form.id) : undefined) ?? anyFormLimits,
  };
}

/** The `maxItems` of each top-level list the steps declare, as resolved for one legal form. */
function listLimitsOf(steps: ResolvedStep[]): Map<string, number> {
  const limits = new Map<string, number>();
  for (const { definition } of steps) {
    const properties = isRecord(definition.schema.properties) ? definition.schema.properties : {};
    for (const [field, property] of Object.entries(properties)) {
      if (isRecord(property) && typeof property.maxItems === 'number') limits.set(field, property.maxItems);
    }
  }
  return limits;
}

/**
 * Why a file holds more than its legal form allows (more associates than the law or the wizard
 * permit, whatever step it is on), or null. Drafts are stored as sent, but not beyond these: a
 * document built from a file costs in proportion to the people in it (security review R3-01).
 */
export function listLimitProblem(wizard: Wizard, data: Record<string, unknown>): string | null {
  const form = legalFormOfFile(wizard.legalForms, data);
  for (const [field, max] of wizard.listLimits(form)) {
    const list = data[field];
    if (Array.isArray(list) && list.length > max)
      return `body/data/${field} has ${list.length} entries; ${form ? `a ${form.id} company file` : 'a company file'} holds at most ${max}`;
  }
  return null;
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function toValidationError(step: string, error: ErrorObject): CompanyFileValidationError {
  // AJV reports a missing field at its parent; the client wants the field's own place.
  const missing = error.keyword === 'required' ? (error.params as { missingProperty?: string }) : null;
  const path = missing?.missingProperty
    ? `${error.instancePath}/${escapePointer(missing.missingProperty)}`
    : error.instancePath;
  return { step, path, keyword: error.keyword, params: { ...error.params } };
}

/**
 * Every broken rule of `data`: the chooser (country, form, currency), then each step of the file's
 * legal form against the whole data (sumMatches reads across steps), then keys no step of that form has.
 */
export function validateCompanyFile(wizard: Wizard, data: CompanyFileData): CompanyFileValidationError[] {
  const form = legalFormOfFile(wizard.legalForms, data);
  const steps = form ? wizard.stepsOf(form) : [wizard.chooser];
  const errors: CompanyFileValidationError[] = [];
  for (const step of steps) {
    if (!step.validate(data))
      errors.push(
        ...(step.validate.errors ?? [])
          // The failed `if` of a conditional says nothing the error inside its `then` does not.
          .filter((e) => e.keyword !== 'if')
          .map((e) => toValidationError(step.id, e)),
      );
  }
  if (!form) return errors.slice(0, MAX_ERRORS);
  const declared = new Set(steps.flatMap((step) => step.fields));
  for (const key of Object.keys(data)) {
    if (declared.has(key)) continue;
    errors.push({
      step: null,
      path: `/${escapePointer(key)}`,
      keyword: 'additionalProperties',
      params: { additionalProperty: key },
    });
  }
  return errors.slice(0, MAX_ERRORS);
}

// A lone UTF-16 surrogate: JSON.stringify writes it as an escape that PostgreSQL's jsonb refuses.
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Refuses (400) what jsonb cannot store or the server cannot serialize, which the contract cannot express. */
export function checkStorable(value: unknown, path = 'body/data', depth = 1): void {
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) throw new CompanyFileError(400, `${path} is not valid Unicode text`);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (depth > MAX_DEPTH)
    throw new CompanyFileError(400, `${path} is nested too deeply (at most ${MAX_DEPTH} levels)`);
  for (const [key, item] of Object.entries(value)) {
    if (LONE_SURROGATE.test(key))
      throw new CompanyFileError(400, `${path} has a key that is not valid Unicode text`);
    checkStorable(item, `${path}/${key}`, depth + 1);
  }
}

type Row = typeof companyFiles.$inferSelect;

/** Rolls a submission's transaction back: the file is no longer at the client's `baseRevision`. */
class StaleSubmission extends Error {}

/** Answers kept aside at most: a client cannot grow a file without end by sending new leftovers. */
const MAX_SET_ASIDE = 100;

/** The stored leftovers with `added` joined to them, unless they already reach the bound. */
function mergedSetAside(added: CompanyFileData) {
  if (Object.keys(added).length === 0) return sql`${companyFiles.setAside}`;
  return sql`CASE WHEN (SELECT count(*) FROM jsonb_object_keys(${companyFiles.setAside})) >= ${MAX_SET_ASIDE}
    THEN ${companyFiles.setAside} ELSE ${companyFiles.setAside} || ${JSON.stringify(added)}::jsonb END`;
}

function statusOf(row: Row): CompanyFile['status'] {
  if (row.submittedRevision === null) return 'draft';
  return row.submittedRevision === row.revision ? 'submitted' : 'amended';
}

export class VersionError extends Error {
  constructor(
    readonly version: number,
    readonly wizard: Pick<Wizard, 'version' | 'oldestVersion'>,
  ) {
    super(
      version > wizard.version
        ? `The company file was written with version ${version} of the form, newer than this server's (${wizard.version}): reload the page`
        : `The company file was written with version ${version} of the form, which can no longer be read (versions ${wizard.oldestVersion} to ${wizard.version} are)`,
    );
  }
}

/** `data` of `version` brought to the wizard's version, with the answers that have no place set aside. */
function migrated(wizard: Wizard, data: CompanyFileData, version: number) {
  const result = migrateFile(data, version, wizard.version, wizard.migrations, wizard.knownFields);
  if (!result.ok) throw new VersionError(version, wizard);
  return result;
}

/** Where a step saved in an older version is now, within the wizard. */
function migratedStep(wizard: Wizard, step: number, version: number): number {
  return Math.min(migrateStep(step, version, wizard.version, wizard.migrations), wizard.stepCount - 1);
}

function toCompanyFile(wizard: Wizard, row: Row | undefined): CompanyFile {
  if (!row)
    return {
      revision: 0,
      step: 0,
      data: {},
      version: wizard.version,
      setAside: {},
      status: 'new',
      updatedAt: null,
      submittedAt: null,
    };
  let { data, setAside, step } = row;
  let version = row.version;
  // A file saved before the steps changed opens in the current ones; it is stored so at its next save.
  if (version < wizard.version) {
    const result = migrateFile(data, version, wizard.version, wizard.migrations, wizard.knownFields);
    if (result.ok) {
      data = result.data;
      setAside = { ...setAside, ...result.setAside };
      step = migratedStep(wizard, step, version);
      version = wizard.version;
    }
  }
  return {
    revision: row.revision,
    step,
    data,
    version,
    setAside,
    status: statusOf(row),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

export function createCompanyFileService(deps: {
  db: Database;
  wizard: Wizard;
  /**
   * In the transaction of a submission that voided signing rounds (issue 35): the timeline and the
   * signatories' mails (services/signing/rounds.ts).
   */
  roundsVoided?: (
    tx: Transaction,
    ownerId: string,
    roundIds: string[],
    changes: FileChange[],
  ) => Promise<void>;
  /**
   * In the transaction of a submission, once stored (issue 35): `before`, the answers submitted
   * until then (migrated; null the first time), and `after`, the new ones. The co-founders' service
   * ends the memberships of persons no longer in the file and asks again the acts given on `before`.
   */
  afterSubmittedChange?: (
    tx: Transaction,
    ownerId: string,
    before: CompanyFileData | null,
    after: CompanyFileData,
  ) => Promise<void>;
  /** In the transaction of a saved draft (issue 35): memberships of persons it no longer holds end. */
  afterDraftSaved?: (tx: Transaction, ownerId: string, data: CompanyFileData) => Promise<void>;
}) {
  const { db, wizard } = deps;
  const lastStep = wizard.stepCount - 1;

  async function get(userId: string): Promise<CompanyFile> {
    const [row] = await db.select().from(companyFiles).where(eq(companyFiles.userId, userId));
    const file = toCompanyFile(wizard, row);
    // A file of an older version is stored as migrated, with what was set aside, the first time it is
    // read: a later save (which sends only the current answers) must not lose the leftovers. Same
    // revision: the answers are the same, only their places changed. Skipped if saved meanwhile.
    if (row && row.version < wizard.version && file.version === wizard.version) {
      await db
        .update(companyFiles)
        .set({ data: file.data, setAside: file.setAside, version: file.version, step: file.step })
        .where(
          and(
            eq(companyFiles.userId, userId),
            eq(companyFiles.revision, row.revision),
            eq(companyFiles.version, row.version),
          ),
        );
    }
    return file;
  }

  /** What a client sent, in the current version: migrated when it was written against an older one. */
  function current(input: { data: CompanyFileData; version?: number; setAside?: CompanyFileData }) {
    const version = input.version ?? 1;
    const result = migrated(wizard, input.data, version);
    return { data: result.data, setAside: { ...(input.setAside ?? {}), ...result.setAside } };
  }

  /** The last submitted answers, migrated to the current steps, read with `executor`. */
  async function submittedIn(
    executor: Database | Transaction,
    userId: string,
  ): Promise<CompanyFileData | null> {
    const [row] = await executor
      .select({ data: companyFiles.submittedData, version: companyFiles.submittedVersion })
      .from(companyFiles)
      .where(eq(companyFiles.userId, userId));
    if (!row?.data) return null;
    const result = migrateFile(
      row.data,
      row.version ?? 1,
      wizard.version,
      wizard.migrations,
      wizard.knownFields,
    );
    return result.ok ? result.data : row.data;
  }

  return {
    get,

    /**
     * The last submitted file, in the current version of the steps (a file submitted before they
     * changed is migrated as it is read), or null when nothing was ever submitted.
     */
    submittedData: (userId: string, executor: Database | Transaction = db) => submittedIn(executor, userId),

    /** The registered company's numbers the founder gave on the dashboard, or null. */
    async identifiers(userId: string): Promise<CompanyIdentifiers | null> {
      const [row] = await db
        .select({ identifiers: companyFiles.identifiers })
        .from(companyFiles)
        .where(eq(companyFiles.userId, userId));
      return row?.identifiers ?? null;
    },

    /**
     * Compare-and-set on the revision, in one statement: of two saves from the same revision, exactly
     * one matches; the other gets the current file to merge with.
     */
    async saveDraft(
      userId: string,
      input: {
        data: CompanyFileData;
        step: number;
        baseRevision: number;
        version?: number;
        setAside?: CompanyFileData;
      },
    ): Promise<{ saved: true; file: CompanyFile } | { saved: false; file: CompanyFile }> {
      checkStorable(input.data);
      if (input.setAside) checkStorable(input.setAside, 'body/setAside');
      const { data, setAside } = current(input);
      const tooMany = listLimitProblem(wizard, data);
      if (tooMany) throw new CompanyFileError(400, tooMany);
      // Clamped rather than refused: the wizard may have lost a step since the client loaded it.
      const step = Math.min(
        (input.version ?? 1) === wizard.version
          ? input.step
          : migratedStep(wizard, input.step, input.version ?? 1),
        lastStep,
      );
      const row = await db.transaction(async (tx) => {
        const [saved] =
          input.baseRevision === 0
            ? await tx
                .insert(companyFiles)
                .values({ userId, revision: 1, step, data, version: wizard.version, setAside })
                .onConflictDoNothing({ target: companyFiles.userId })
                .returning()
            : await tx
                .update(companyFiles)
                .set({
                  revision: sql`${companyFiles.revision} + 1`,
                  step,
                  data,
                  version: wizard.version,
                  // What was set aside stays; new leftovers join it, up to a bound.
                  setAside: mergedSetAside(setAside),
                  updatedAt: sql`now()`,
                })
                .where(and(eq(companyFiles.userId, userId), eq(companyFiles.revision, input.baseRevision)))
                .returning();
        if (saved) await deps.afterDraftSaved?.(tx, userId, data);
        return saved;
      });
      return row
        ? { saved: true, file: toCompanyFile(wizard, row) }
        : { saved: false, file: await get(userId) };
    },

    /**
     * Validates, then stores `data` as both the submission and the current draft (one new revision).
     * With `baseRevision`, only if the file is still at that revision (compare-and-set, as a draft):
     * else nothing is stored and the current file is answered, so that a co-founder's correction of
     * their record is never overwritten unseen.
     * Answers that differ from those of a signing round void it, in the same transaction; when that
     * voids signatures already given, only with `confirmVoidSignatures` (else SignaturesWouldBeVoided).
     */
    async submit(
      userId: string,
      input: {
        data: CompanyFileData;
        version?: number;
        baseRevision?: number;
        confirmVoidSignatures?: boolean;
      },
    ): Promise<
      | { submitted: true; file: CompanyFile }
      | { submitted: false; errors: CompanyFileValidationError[] }
      | { submitted: false; conflict: CompanyFile }
    > {
      checkStorable(input.data);
      const { data, setAside } = current(input);
      const errors = validateCompanyFile(wizard, data);
      if (errors.length > 0) return { submitted: false, errors };
      const digest = fileDigest(data);
      const { baseRevision } = input;
      const submission = db.transaction(async (tx) => {
        // The row first: a signature being given waits, or sees this submission's voided round.
        const [before] = await tx
          .select({ submittedData: companyFiles.submittedData, revision: companyFiles.revision })
          .from(companyFiles)
          .where(eq(companyFiles.userId, userId))
          .for('update');
        // Before the signatures' guard: answers that missed a change are merged first, not confirmed.
        if (baseRevision !== undefined && (before?.revision ?? 0) !== baseRevision)
          throw new StaleSubmission();
        const previous = deps.afterSubmittedChange ? await submittedIn(tx, userId) : null;
        await guardSubmittedChange(tx, userId, digest, input.confirmVoidSignatures ?? false);
        const file = await upsertSubmission(tx, userId, data, setAside);
        // There was no row to lock: a first save inserted meanwhile was just overwritten (rolled back).
        if (baseRevision !== undefined && file.revision !== baseRevision + 1) throw new StaleSubmission();
        const changes = before?.submittedData ? fileChanges(before.submittedData, data) : [];
        const voided = await voidRoundsAfterChange(tx, userId, digest, changes);
        if (voided.length > 0) await deps.roundsVoided?.(tx, userId, voided, changes);
        await deps.afterSubmittedChange?.(tx, userId, previous, data);
        return { submitted: true as const, file };
      });
      return submission.catch(async (error: unknown) => {
        if (error instanceof StaleSubmission)
          return { submitted: false as const, conflict: await get(userId) };
        throw error;
      });
    },
  };

  async function upsertSubmission(
    tx: Transaction,
    userId: string,
    data: CompanyFileData,
    setAside: CompanyFileData,
  ): Promise<CompanyFile> {
    const [row] = await tx
      .insert(companyFiles)
      .values({
        userId,
        revision: 1,
        step: lastStep,
        data,
        version: wizard.version,
        setAside,
        submittedData: data,
        submittedVersion: wizard.version,
        submittedRevision: 1,
        submittedAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: companyFiles.userId,
        // Both read the row as it was: the submission is the revision this statement creates.
        set: {
          revision: sql`${companyFiles.revision} + 1`,
          submittedRevision: sql`${companyFiles.revision} + 1`,
          step: lastStep,
          data,
          version: wizard.version,
          setAside: mergedSetAside(setAside),
          submittedData: data,
          submittedVersion: wizard.version,
          submittedAt: sql`now()`,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    if (!row) throw new Error('the upsert returned no company file');
    return toCompanyFile(wizard, row);
  }
}

export type CompanyFileService = ReturnType<typeof createCompanyFileService>;

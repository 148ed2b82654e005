/**
 * The company file: the answers of the company-creation wizard, one JSON object per user. Drafts are
 * stored as sent (a half-filled wizard is normal); a submission must pass the wizard's own schemas,
 * compiled with the browser's AJV options and keywords, so the two sides apply one definition.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { and, eq, sql } from 'drizzle-orm';
import type { components } from '../../src/lib/api/schema';
import { FORM_AJV_OPTIONS } from '../../src/forms/ajv-options';
import { addFormKeywords } from '../../src/forms/keywords';
import type { Database } from '../db/database';
import { companyFiles } from '../db/schema';

export type CompanyFile = components['schemas']['CompanyFile'];
export type CompanyFileData = components['schemas']['CompanyFileData'];
export type CompanyFileValidationError = components['schemas']['CompanyFileValidationError'];

const wizardDir = fileURLToPath(new URL('../../schemas/wizard/', import.meta.url));

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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new WizardDefinitionError(`${file} cannot be read as JSON: ${(error as Error).message}`);
  }
}

/**
 * Reads and compiles the steps listed by schemas/wizard/steps.json, at start-up: a staff edit applies
 * on the next restart, and a broken schema stops the server rather than every submission.
 */
export function loadWizard(dir = wizardDir): WizardStep[] {
  const index = readJson(`${dir}steps.json`);
  const ids: unknown = isRecord(index) ? index.steps : undefined;
  // Names only (kebab-case, no .json), as the form generator wants: never a path out of the folder.
  const isStepId = (id: unknown): id is string => typeof id === 'string' && /^[a-z][a-z0-9-]*$/.test(id);
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every(isStepId)) {
    throw new WizardDefinitionError(`${dir}steps.json: "steps" must list the step files' names`);
  }
  return ids.map((id) => {
    const file = `${dir}${id}.json`;
    const definition = readJson(file);
    const schema = isRecord(definition) ? definition.schema : undefined;
    if (!isRecord(schema) || !isRecord(schema.properties)) {
      throw new WizardDefinitionError(`${file}: "schema" must be an object schema with "properties"`);
    }
    // One AJV per step: each schema is compiled alone, as the browser's precompiled validators are.
    const ajv = new Ajv({ ...FORM_AJV_OPTIONS, allErrors: true, strict: true });
    addFormats(ajv);
    addFormKeywords(ajv);
    try {
      return { id, validate: ajv.compile(schema), fields: Object.keys(schema.properties) };
    } catch (error) {
      throw new WizardDefinitionError(`${file}: the schema does not compile: ${(error as Error).message}`);
    }
  });
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

/** Every broken rule of `data`: each step's schema (against the whole data, as sumMatches reads across steps), then unknown keys. */
export function validateCompanyFile(
  steps: WizardStep[],
  data: CompanyFileData,
): CompanyFileValidationError[] {
  const errors: CompanyFileValidationError[] = [];
  for (const step of steps) {
    if (!step.validate(data))
      errors.push(...(step.validate.errors ?? []).map((e) => toValidationError(step.id, e)));
  }
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
function checkStorable(value: unknown, path = 'body/data', depth = 1): void {
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

function statusOf(row: Row): CompanyFile['status'] {
  if (row.submittedRevision === null) return 'draft';
  return row.submittedRevision === row.revision ? 'submitted' : 'amended';
}

function toCompanyFile(row: Row | undefined): CompanyFile {
  if (!row) return { revision: 0, step: 0, data: {}, status: 'new', updatedAt: null, submittedAt: null };
  return {
    revision: row.revision,
    step: row.step,
    data: row.data,
    status: statusOf(row),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

export function createCompanyFileService(deps: { db: Database; steps: WizardStep[] }) {
  const { db, steps } = deps;
  const lastStep = steps.length - 1;

  async function get(userId: string): Promise<CompanyFile> {
    const [row] = await db.select().from(companyFiles).where(eq(companyFiles.userId, userId));
    return toCompanyFile(row);
  }

  return {
    get,

    /**
     * Compare-and-set on the revision, in one statement: of two saves from the same revision, exactly
     * one matches; the other gets the current file to merge with.
     */
    async saveDraft(
      userId: string,
      input: { data: CompanyFileData; step: number; baseRevision: number },
    ): Promise<{ saved: true; file: CompanyFile } | { saved: false; file: CompanyFile }> {
      checkStorable(input.data);
      // Clamped rather than refused: the wizard may have lost a step since the client loaded it.
      const step = Math.min(input.step, lastStep);
      const [row] =
        input.baseRevision === 0
          ? await db
              .insert(companyFiles)
              .values({ userId, revision: 1, step, data: input.data })
              .onConflictDoNothing({ target: companyFiles.userId })
              .returning()
          : await db
              .update(companyFiles)
              .set({
                revision: sql`${companyFiles.revision} + 1`,
                step,
                data: input.data,
                updatedAt: sql`now()`,
              })
              .where(and(eq(companyFiles.userId, userId), eq(companyFiles.revision, input.baseRevision)))
              .returning();
      return row ? { saved: true, file: toCompanyFile(row) } : { saved: false, file: await get(userId) };
    },

    /** Validates, then stores `data` as both the submission and the current draft (one new revision). */
    async submit(
      userId: string,
      data: CompanyFileData,
    ): Promise<
      { submitted: true; file: CompanyFile } | { submitted: false; errors: CompanyFileValidationError[] }
    > {
      checkStorable(data);
      const errors = validateCompanyFile(steps, data);
      if (errors.length > 0) return { submitted: false, errors };
      const [row] = await db
        .insert(companyFiles)
        .values({
          userId,
          revision: 1,
          step: lastStep,
          data,
          submittedData: data,
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
            submittedData: data,
            submittedAt: sql`now()`,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      if (!row) throw new Error('the upsert returned no company file');
      return { submitted: true, file: toCompanyFile(row) };
    },
  };
}

export type CompanyFileService = ReturnType<typeof createCompanyFileService>;

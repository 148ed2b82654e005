/**
 * The company file's timeline: its events (company_file_events) as the founder's dashboard shows
 * them, and the registration steps done outside Kreo that the founder ticks off with a date. Which
 * steps exist is content: schemas/jurisdictions/registration/<country>.json.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/lib/api/schema';
import {
  checkCompanyIdentifiers,
  type CompanyIdentifiers,
  type CompanyIdentifiersInput,
  type IdentifierField,
  type IdentifierProblem,
} from '../../../src/shared/company-identifiers';
import type { Database, Transaction } from '../../db/database';
import { companyFileEvents, companyFiles } from '../../db/schema';

export type CompanyFileTimeline = components['schemas']['CompanyFileTimeline'];
export type CompanyFileEventKind = components['schemas']['CompanyFileEventKind'];
export type Jurisdiction = 'FR' | 'RO';

const registrationDir = fileURLToPath(
  new URL('../../../schemas/jurisdictions/registration/', import.meta.url),
);

/** The ids of each country's registration steps, in order (read once, like the wizard's schemas). */
export function readRegistrationSteps(dir = registrationDir): Record<Jurisdiction, string[]> {
  const read = (file: string) => {
    const json = JSON.parse(readFileSync(`${dir}${file}`, 'utf8')) as { steps: { id: string }[] };
    return json.steps.map((step) => step.id);
  };
  return { FR: read('fr.json'), RO: read('ro.json') };
}

export class TimelineError extends Error {
  constructor(
    readonly statusCode: 404 | 422,
    message: string,
    /** Sent as the error's `code` (the app words it in the founder's language). */
    readonly publicCode?: string,
  ) {
    super(message);
  }
}

/** The numbers the founder typed, refused: each field's problem (the handler words them). */
export class IdentifiersInvalid extends Error {
  constructor(readonly problems: Partial<Record<IdentifierField, IdentifierProblem>>) {
    super('The company numbers are not valid');
  }
}

const ACT_KINDS = ['acceptAppointment', 'honourStatement', 'approveFile'] as const;
const isActKind = (value: unknown): value is (typeof ACT_KINDS)[number] =>
  typeof value === 'string' && (ACT_KINDS as readonly string[]).includes(value);

/** Records an event once per (user, kind, key); true when this call recorded it. */
export async function recordEvent(
  executor: Database | Transaction,
  userId: string,
  kind: Exclude<CompanyFileEventKind, 'stepDone'>,
  options: { key?: string; details?: Record<string, unknown> } = {},
): Promise<boolean> {
  const rows = await executor
    .insert(companyFileEvents)
    // The clock, not the transaction's start: events recorded together keep their order.
    .values({
      userId,
      kind,
      key: options.key ?? '',
      details: options.details ?? {},
      occurredAt: sql`clock_timestamp()`,
    })
    .onConflictDoNothing()
    .returning({ id: companyFileEvents.id });
  return rows.length > 0;
}

const jurisdictionOf = (data: Record<string, unknown> | undefined): Jurisdiction | null =>
  data?.jurisdiction === 'FR' || data?.jurisdiction === 'RO' ? data.jurisdiction : null;

/**
 * Today in the latest time zone of the two countries, French overseas territories included
 * (Wallis-et-Futuna, UTC+12): a founder's "today" is never refused as future.
 */
function latestToday(): string {
  return new Date(Date.now() + 12 * 3600 * 1000).toISOString().slice(0, 10);
}

export function createTimelineService(deps: {
  db: Database;
  steps?: Record<Jurisdiction, string[]>;
  /** The numbers were given: the website's legal notice takes them (WebsiteService.applyIdentifiers). */
  onIdentifiers?: (userId: string, identifiers: CompanyIdentifiers) => Promise<void>;
}) {
  const { db } = deps;
  const steps = deps.steps ?? readRegistrationSteps();

  async function fileOf(userId: string) {
    const [file] = await db
      .select({
        data: companyFiles.data,
        submittedAt: companyFiles.submittedAt,
        identifiers: companyFiles.identifiers,
      })
      .from(companyFiles)
      .where(eq(companyFiles.userId, userId));
    return file;
  }

  async function timeline(userId: string): Promise<CompanyFileTimeline> {
    const [file, rows] = await Promise.all([
      fileOf(userId),
      db
        .select()
        .from(companyFileEvents)
        .where(eq(companyFileEvents.userId, userId))
        .orderBy(asc(companyFileEvents.occurredAt), asc(companyFileEvents.seq)),
    ]);
    const jurisdiction = jurisdictionOf(file?.data);
    const known = new Set(jurisdiction ? steps[jurisdiction] : []);
    const events = rows
      // A step of another country (the founder switched) stays stored but is not this file's.
      .filter((row) => row.kind !== 'stepDone' || known.has(row.key))
      .map((row) => {
        const details = row.details as {
          offerSku?: unknown;
          amountCents?: unknown;
          currency?: unknown;
          invoiceNumber?: unknown;
          personName?: unknown;
          act?: unknown;
          documentSku?: unknown;
        };
        return {
          id: row.id,
          kind: row.kind,
          occurredAt: row.occurredAt.toISOString(),
          ...(row.kind === 'stepDone'
            ? { step: row.key, ...(row.doneOn ? { doneOn: row.doneOn } : {}) }
            : {}),
          ...(typeof details.offerSku === 'string' ? { offerSku: details.offerSku } : {}),
          ...(typeof details.amountCents === 'number' ? { amountCents: details.amountCents } : {}),
          ...(typeof details.currency === 'string' ? { currency: details.currency } : {}),
          ...(typeof details.invoiceNumber === 'string' ? { invoiceNumber: details.invoiceNumber } : {}),
          // memberJoined, actGiven, documentSigned: who, and which act or document.
          ...(typeof details.personName === 'string' ? { personName: details.personName } : {}),
          ...(isActKind(details.act) ? { act: details.act } : {}),
          ...(typeof details.documentSku === 'string'
            ? { documentSku: details.documentSku as CompanyFileTimeline['events'][number]['documentSku'] }
            : {}),
        };
      });
    // Numbers of another country (the founder switched since) are not this file's.
    const identifiers = file?.identifiers?.country === jurisdiction ? (file?.identifiers ?? null) : null;
    return { jurisdiction, submitted: Boolean(file?.submittedAt), events, identifiers };
  }

  async function checkStep(userId: string, stepId: string): Promise<void> {
    const jurisdiction = jurisdictionOf((await fileOf(userId))?.data);
    if (!jurisdiction || !steps[jurisdiction].includes(stepId))
      throw new TimelineError(404, `No registration step "${stepId}" for this company file`);
  }

  return {
    timeline,
    steps,

    /** Ticks a step off on `doneOn`, or corrects its date. */
    async markStep(userId: string, stepId: string, doneOn: string): Promise<CompanyFileTimeline> {
      await checkStep(userId, stepId);
      const real =
        /^\d{4}-\d{2}-\d{2}$/.test(doneOn) &&
        new Date(`${doneOn}T00:00:00Z`).toISOString().startsWith(doneOn);
      if (!real || doneOn < '2000-01-01' || doneOn > latestToday())
        throw new TimelineError(
          422,
          'The date must be between 1 January 2000 and today',
          'STEP_DATE_OUT_OF_RANGE',
        );
      await db
        .insert(companyFileEvents)
        .values({ userId, kind: 'stepDone', key: stepId, doneOn })
        .onConflictDoUpdate({
          target: [companyFileEvents.userId, companyFileEvents.kind, companyFileEvents.key],
          set: { doneOn, occurredAt: sql`now()` },
        });
      return timeline(userId);
    },

    /**
     * Records the registered company's numbers, checked by their check digits for the file's country;
     * the website's notice takes them in place of "being registered".
     */
    async saveIdentifiers(userId: string, input: CompanyIdentifiersInput): Promise<CompanyFileTimeline> {
      const jurisdiction = jurisdictionOf((await fileOf(userId))?.data);
      if (!jurisdiction)
        throw new TimelineError(404, 'The company file has no country yet', 'NO_JURISDICTION');
      const checked = checkCompanyIdentifiers(jurisdiction, input);
      if (!checked.ok) throw new IdentifiersInvalid(checked.problems);
      await db
        .update(companyFiles)
        .set({ identifiers: checked.identifiers })
        .where(eq(companyFiles.userId, userId));
      await deps.onIdentifiers?.(userId, checked.identifiers);
      return timeline(userId);
    },

    async unmarkStep(userId: string, stepId: string): Promise<CompanyFileTimeline> {
      await db
        .delete(companyFileEvents)
        .where(
          and(
            eq(companyFileEvents.userId, userId),
            eq(companyFileEvents.kind, 'stepDone'),
            eq(companyFileEvents.key, stepId),
          ),
        );
      return timeline(userId);
    },
  };
}

export type TimelineService = ReturnType<typeof createTimelineService>;

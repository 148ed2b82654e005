/**
 * Co-founders on one company file (issue 35): the founder's invitations (mailed, re-sent, reminded
 * once, revoked), the co-founders who joined through them (who may leave), the file as each of them
 * sees it, and each co-founder's own person record, which they complete or correct themselves.
 * Every operation asks file-access.ts who the caller is first: the API, not the screens, decides.
 * Each mail is queued in the transaction of the change it tells of, in its recipient's language.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { components } from '../../../src/lib/api/schema';
import { legalFormOfFile } from '../../../src/shared/jurisdictions';
import type { Database, Transaction } from '../../db/database';
import {
  companyFiles,
  fileMembers,
  mailQueue as mailTable,
  signatures,
  signingDocuments,
  signingRounds,
  users,
} from '../../db/schema';
import {
  CompanyFileError,
  checkStorable,
  validateCompanyFile,
  type CompanyFileService,
  type CompanyFileValidationError,
  type Wizard,
} from '../company-files';
import { recordEvent } from '../company-journey/timeline';
import { isServerLanguage, translator } from '../i18n';
import { enqueueMail, type MailQueue } from '../mail/mail-queue';
import {
  coFounderInvitation,
  coFounderLeft,
  coFounderRecordUpdated,
  coFounderRemoved,
  type MailBrand,
} from '../mail/messages';
import { addressKey, RateLimitedError, type RateLimiter } from '../rate-limiter';
import { guardSubmittedChange, voidRoundsAfterChange } from '../signing/void-guard';
import { createActService } from './acts';
import {
  fileAccess,
  FileAccessError,
  FOUNDER_PERSON_ID,
  requireFounder,
  type FileAccess,
} from './file-access';
import { fileChanges, fileDigest, type FileData } from './file-digest';
import { redactFor } from './redaction';
import { companyWithForm } from '../../../src/shared/act-words';
import { invitablePersons, jurisdictionOf, personName, personOf, rolesOf } from './roles';

type FileMember = components['schemas']['FileMember'];
type FileMemberState = components['schemas']['FileMemberState'];
type InvitationInfo = components['schemas']['InvitationInfo'];
type SharedFile = components['schemas']['SharedFile'];
type SharedFileSummary = components['schemas']['SharedFileSummary'];
type Language = components['schemas']['Language'];
type MemberRow = typeof fileMembers.$inferSelect;

/** How long an invitation's link works. */
export const INVITATION_LIFETIME_MS = 14 * 24 * 3600 * 1000;
/** An invitation unanswered for this long gets its one reminder. */
export const INVITATION_REMINDER_AFTER_MS = 3 * 24 * 3600 * 1000;
/** A re-send at most every 10 minutes, and at most 5 re-sends of one invitation. */
export const RESEND_INTERVAL_MS = 10 * 60 * 1000;
export const MAX_RESENDS = 5;
/** Invitations one founder may send in a day: the mail goes to addresses they typed. */
const INVITATIONS_PER_DAY = { max: 30, windowMs: 24 * 3600 * 1000 };
/** Looks at one invitation link per address: 30 a minute is plenty for a person, not for a guesser. */
const INVITATION_LOOKUPS = { max: 30, windowMs: 60 * 1000 };
/** A person record is the People step's item: about 20 short fields. Far more is not one. */
const MAX_RECORD_BYTES = 16 * 1024;
/** The founder hears of a co-founder's record once per this, however many times they save it. */
const RECORD_MAIL_INTERVAL_MS = 15 * 60 * 1000;

const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-GB', ro: 'ro-RO' };

export class CoFounderError extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409 | 422,
    message: string,
    /** Sent as the error's `code` (the app words it in the user's language). */
    readonly publicCode?: string,
  ) {
    super(message);
  }
}

/** The record breaks the People step's rules (422 with the errors under /persons/<index>). */
export class OwnRecordInvalid extends Error {
  readonly statusCode = 422;
  constructor(readonly errors: CompanyFileValidationError[]) {
    super(
      `The person record is incomplete or invalid (${errors.length} ${errors.length === 1 ? 'problem' : 'problems'})`,
    );
  }
}

/** Another save came first (409 REVISION_CONFLICT with the file as the caller now sees it). */
export class OwnRecordConflict extends Error {
  readonly statusCode = 409;
  readonly code = 'REVISION_CONFLICT';
  constructor(readonly file: SharedFile) {
    super(`The company file was saved elsewhere in the meantime (revision ${file.revision})`);
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const language = (value: string | null | undefined): Language => (isServerLanguage(value) ? value : 'fr');

/** What an invitation link's page says of each state. */
const INVITATION_STATES: Record<FileMemberState, InvitationInfo['state']> = {
  notInvited: 'revoked',
  invited: 'pending',
  expired: 'expired',
  joined: 'accepted',
  left: 'accepted',
  revoked: 'revoked',
};

/** A member row's state for the founder's list: an ended link is `expired`, a deleted account `left`. */
function stateOf(row: MemberRow, now = new Date()): FileMemberState {
  if (row.status === 'invited') return row.tokenExpiresAt && row.tokenExpiresAt > now ? 'invited' : 'expired';
  if (row.status === 'joined') return row.userId ? 'joined' : 'left';
  return row.status;
}

/** Errors under /persons/<index> only: what a person's own record breaks. */
function errorsOfPerson(errors: CompanyFileValidationError[], index: number) {
  const prefix = `/persons/${index}`;
  return errors.filter((error) => error.path === prefix || error.path.startsWith(`${prefix}/`));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields a person record of the People step has, for the file's legal form. */
function personFields(wizard: Wizard, data: FileData): Set<string> | null {
  const form = legalFormOfFile(wizard.legalForms, data);
  const step = form ? wizard.stepsOf(form).find((candidate) => candidate.id === 'people') : undefined;
  const schema: unknown = step?.validate.schema;
  const persons = isRecord(schema) && isRecord(schema.properties) ? schema.properties.persons : undefined;
  const items = isRecord(persons) ? persons.items : undefined;
  return isRecord(items) && isRecord(items.properties) ? new Set(Object.keys(items.properties)) : null;
}

export function createCoFounderService(deps: {
  db: Database;
  wizard: Wizard;
  files: CompanyFileService;
  mailQueue: MailQueue;
  brand: MailBrand;
  publicUrl: string;
  signingKey: Uint8Array;
  rateLimiter: RateLimiter;
  /** Rounds a correction voided: their timeline entry and the signatories' mails (the signing service). */
  roundsVoided?: (tx: Transaction, ownerId: string, roundIds: string[]) => Promise<void>;
}) {
  const { db, wizard, files, mailQueue, brand, publicUrl, rateLimiter } = deps;
  // Its own key, derived: an invitation link can never pass for another of the server's secrets.
  const invitationKey = createHmac('sha256', deps.signingKey).update('kreo:invitation-links').digest();
  const acts = createActService({
    db,
    brand,
    publicUrl,
    legalForms: wizard.legalForms,
    submittedData: (ownerId, executor) => files.submittedData(ownerId, executor),
  });

  /** A co-founder's record holds only the People step's fields (the wizard's schemas allow more). */
  function unknownFields(
    data: FileData,
    record: Record<string, unknown>,
    index: number,
  ): CompanyFileValidationError[] {
    const known = personFields(wizard, data);
    if (!known) return [];
    return Object.keys(record)
      .filter((field) => !known.has(field))
      .map((field) => ({
        step: 'people',
        path: `/persons/${index}/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        keyword: 'additionalProperties',
        params: { additionalProperty: field },
      }));
  }

  /**
   * The secret of an invitation's link: 32 bytes (HMAC-SHA256) of the server's key, the invitation's
   * random id and how many times it was sent. Only its SHA-256 is stored; a re-send changes it (the
   * old link dies), and the reminder carries the same link as the last mail without the database
   * ever holding it.
   */
  const tokenFor = (id: string, sendCount: number) =>
    createHmac('sha256', invitationKey).update(`${id}:${sendCount}`).digest('base64url');
  const linkOf = (token: string) => `${publicUrl}/invitations/${token}`;

  async function fileRow(executor: Database | Transaction, ownerId: string) {
    const [row] = await executor.select().from(companyFiles).where(eq(companyFiles.userId, ownerId));
    return row;
  }

  async function userOf(executor: Database | Transaction, userId: string) {
    const [user] = await executor.select().from(users).where(eq(users.id, userId));
    return user;
  }

  const fullName = (user: { firstname: string; lastname: string } | undefined) =>
    user ? `${user.firstname} ${user.lastname}`.trim() : '';

  const expiryWords = (lang: string, at: Date, data: FileData) =>
    new Intl.DateTimeFormat(LOCALES[lang], {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: jurisdictionOf(data) === 'RO' ? 'Europe/Bucharest' : 'Europe/Paris',
    }).format(at);

  /** The invitation (or its reminder) to `row`'s person, as the file now names them. */
  async function mailInvitation(tx: Transaction, row: MemberRow, reminder = false) {
    const file = await fileRow(tx, row.ownerId);
    const data = file?.data ?? {};
    const founder = await userOf(tx, row.ownerId);
    const person = personOf(data, row.personId);
    const roles = rolesOf(data).get(row.personId) ?? [];
    const t = translator(row.language);
    await enqueueMail(
      tx,
      coFounderInvitation(
        {
          to: row.email,
          language: row.language,
          firstname: typeof person?.firstNames === 'string' ? person.firstNames.trim() : '',
          inviter: fullName(founder),
          company: companyWithForm(data),
          // Lower case: the roles are named within a sentence.
          roles: roles.map((role) => t(`cofounders:rolesInText.${role}`)),
          manages: roles.some((role) => role === 'manager' || role === 'directorGeneral'),
          approves: roles.some((role) => role === 'associate' || role === 'representative'),
          link: linkOf(tokenFor(row.id, row.sendCount)),
          expires: expiryWords(row.language, row.tokenExpiresAt ?? new Date(), data),
          qualified: jurisdictionOf(data) === 'RO',
          reminder,
        },
        brand,
      ),
      row.ownerId,
    );
  }

  /** Where a co-founder is written to: their account once joined, else the invitation's address. */
  async function recipientOf(tx: Transaction, row: MemberRow) {
    const account = row.userId ? await userOf(tx, row.userId) : undefined;
    return account
      ? { to: account.email, language: language(account.language) }
      : { to: row.email, language: language(row.language) };
  }

  /** The newest invitation row of each person of the file. */
  async function latestRows(executor: Database | Transaction, ownerId: string) {
    const rows = await executor
      .select()
      .from(fileMembers)
      .where(eq(fileMembers.ownerId, ownerId))
      .orderBy(desc(fileMembers.invitedAt));
    const latest = new Map<string, MemberRow>();
    for (const row of rows) {
      // A live row (invited, joined) wins over an older ended one.
      const known = latest.get(row.personId);
      const live = (candidate: MemberRow) => candidate.status === 'invited' || candidate.status === 'joined';
      if (!known || (!live(known) && live(row) && row.invitedAt >= known.invitedAt))
        latest.set(row.personId, row);
    }
    return latest;
  }

  /** The ids of the documents of the file's current round `personId` signed. */
  async function signedBy(ownerId: string): Promise<Map<string, string[]>> {
    const rows = await db
      .select({ personId: signatures.personId, documentId: signatures.documentId })
      .from(signatures)
      .innerJoin(signingDocuments, eq(signingDocuments.id, signatures.documentId))
      .innerJoin(signingRounds, eq(signingRounds.id, signingDocuments.roundId))
      .where(and(eq(signingRounds.ownerId, ownerId), ne(signingRounds.status, 'voided')));
    const signed = new Map<string, string[]>();
    for (const row of rows) signed.set(row.personId, [...(signed.get(row.personId) ?? []), row.documentId]);
    return signed;
  }

  function memberOf(
    person: { person: { id: string } & Record<string, unknown>; roles: FileMember['roles'] },
    row: MemberRow | undefined,
    extra: { recordComplete: boolean; acts: FileMember['acts']; signed: string[] },
  ): FileMember {
    const state: FileMemberState = row ? stateOf(row) : 'notInvited';
    return {
      personId: person.person.id,
      name: personName(person.person, person.person.id),
      roles: person.roles,
      state,
      ...(row
        ? {
            email: row.email,
            language: language(row.language),
            invitedAt: row.invitedAt.toISOString(),
            lastSentAt: row.lastSentAt.toISOString(),
            ...(row.tokenExpiresAt && row.status === 'invited'
              ? { expiresAt: row.tokenExpiresAt.toISOString() }
              : {}),
            ...(row.joinedAt ? { joinedAt: row.joinedAt.toISOString() } : {}),
          }
        : {}),
      ...extra,
    };
  }

  /** The founder's list, or one person of it. */
  async function members(ownerId: string, only?: string): Promise<FileMember[]> {
    const file = await files.get(ownerId);
    const data = file.data;
    const errors = validateCompanyFile(wizard, data);
    const indexOf = new Map(
      (Array.isArray(data.persons) ? data.persons : []).map((p: unknown, i) => [
        (p as { id?: unknown }).id,
        i,
      ]),
    );
    const [rows, actList, signed] = await Promise.all([
      latestRows(db, ownerId),
      acts.list(db, ownerId),
      signedBy(ownerId),
    ]);
    return invitablePersons(data)
      .filter(({ person }) => !only || person.id === only)
      .map((entry) =>
        memberOf(entry, rows.get(entry.person.id), {
          recordComplete: errorsOfPerson(errors, indexOf.get(entry.person.id) ?? -1).length === 0,
          acts: actList.acts.filter((act) => act.personId === entry.person.id),
          signed: signed.get(entry.person.id) ?? [],
        }),
      );
  }

  /**
   * The caller's own file, as its founder. A co-founder with no file of their own is told plainly
   * that only a founder does this (403); anyone else learns nothing (404).
   */
  async function founderAccess(userId: string): Promise<FileAccess> {
    try {
      const access = await fileAccess(db, userId, userId);
      requireFounder(access, 'manage invitations');
      return access;
    } catch (error) {
      if (!(error instanceof FileAccessError) || error.statusCode !== 404) throw error;
      const [membership] = await db
        .select({ id: fileMembers.id })
        .from(fileMembers)
        .where(and(eq(fileMembers.userId, userId), eq(fileMembers.status, 'joined')))
        .limit(1);
      if (membership)
        throw new FileAccessError(403, 'Only the founder of a company file can manage its invitations');
      throw error;
    }
  }

  async function summaryOf(
    ownerId: string,
    role: 'founder' | 'coFounder',
    personId: string,
  ): Promise<SharedFileSummary> {
    const [file, founder] = await Promise.all([fileRow(db, ownerId), userOf(db, ownerId)]);
    const data = file?.data ?? {};
    return {
      fileId: ownerId,
      role,
      personId,
      company: typeof data.companyName === 'string' ? data.companyName.trim() : '',
      founder: fullName(founder),
      jurisdiction: jurisdictionOf(data),
      legalForm: typeof data.legalForm === 'string' ? data.legalForm : null,
    };
  }

  /** The file as `access` may read it: a co-founder's without the others' identity numbers. */
  async function sharedFile(access: FileAccess): Promise<SharedFile> {
    const [file, founder, submitted] = await Promise.all([
      files.get(access.ownerId),
      userOf(db, access.ownerId),
      files.submittedData(access.ownerId),
    ]);
    const readable = (data: FileData) =>
      access.role === 'founder' ? data : redactFor(data, access.personId);
    return {
      fileId: access.ownerId,
      role: access.role,
      personId: access.personId,
      founder: fullName(founder),
      revision: file.revision,
      version: file.version,
      status: file.status,
      submittedAt: file.submittedAt,
      data: readable(file.data),
      // What the acts approve and the documents print (review finding 4): the page shows this.
      submittedData: submitted ? readable(submitted) : null,
    };
  }

  async function rowOfToken(token: string) {
    const [row] = await db
      .select()
      .from(fileMembers)
      .where(eq(fileMembers.tokenHash, sha256(token)));
    return row;
  }

  /** Whether a signing round of the file is complete on exactly the answers `submitted`. */
  async function completeRoundOn(tx: Transaction, ownerId: string, submitted: FileData): Promise<boolean> {
    const [round] = await tx
      .select({ id: signingRounds.id })
      .from(signingRounds)
      .where(
        and(
          eq(signingRounds.ownerId, ownerId),
          eq(signingRounds.status, 'complete'),
          eq(signingRounds.digest, fileDigest(submitted)),
        ),
      )
      .limit(1);
    return round !== undefined;
  }

  /**
   * Ends every pending or accepted membership whose person `data` no longer holds, or holds with no
   * role that can be invited (review finding 1): person ids are reused (a new person may take a
   * removed one's id), so a membership must never outlive its person. Each is revoked and its
   * person mailed, in the transaction of the save that removed them; answers how many were mailed.
   */
  async function endRemovedMembers(tx: Transaction, ownerId: string, data: FileData): Promise<number> {
    const invitable = new Set(invitablePersons(data).map(({ person }) => person.id));
    const live = await tx
      .select({ id: fileMembers.id, personId: fileMembers.personId })
      .from(fileMembers)
      .where(and(eq(fileMembers.ownerId, ownerId), inArray(fileMembers.status, ['invited', 'joined'])));
    const gone = live.filter((row) => !invitable.has(row.personId)).map((row) => row.id);
    if (gone.length === 0) return 0;
    const ended = await tx
      .update(fileMembers)
      .set({ status: 'revoked', endedAt: sql`now()` })
      .where(and(inArray(fileMembers.id, gone), inArray(fileMembers.status, ['invited', 'joined'])))
      .returning();
    const inviter = fullName(await userOf(tx, ownerId));
    let mailed = 0;
    for (const row of ended) {
      const wasJoined = row.joinedAt !== null;
      // A deleted account, or a link that no longer works: nobody to tell.
      if (wasJoined && !row.userId) continue;
      if (!wasJoined && !(row.tokenExpiresAt && row.tokenExpiresAt > new Date())) continue;
      const account = row.userId ? await userOf(tx, row.userId) : undefined;
      await enqueueMail(
        tx,
        coFounderRemoved(
          {
            ...(await recipientOf(tx, row)),
            firstname: account?.firstname ?? '',
            inviter,
            company: companyWithForm(data),
            pending: !wasJoined,
            personRemoved: true,
          },
          brand,
        ),
        row.userId ?? ownerId,
      );
      mailed += 1;
    }
    return mailed;
  }

  return {
    acts,

    async list(userId: string): Promise<{ members: FileMember[] }> {
      const access = await founderAccess(userId);
      return { members: await members(access.ownerId) };
    },

    async invite(
      userId: string,
      input: { personId: string; email: string; language: Language },
    ): Promise<FileMember> {
      const access = await founderAccess(userId);
      const data = (await files.get(access.ownerId)).data;
      const person = personOf(data, input.personId);
      if (!person)
        throw new CoFounderError(400, `No person ${input.personId} in the company file`, 'PERSON_NOT_FOUND');
      if (!invitablePersons(data).some((entry) => entry.person.id === input.personId))
        throw new CoFounderError(
          400,
          'Only a natural person other than the founder who is an associate, a representative, a manager or the directeur général can be invited',
          'PERSON_NOT_INVITABLE',
        );
      await rateLimiter.enforce(`account:invitations:${userId}`, INVITATIONS_PER_DAY);
      const id = randomUUID();
      await db.transaction(async (tx) => {
        // A co-founder whose account was deleted left: their row no longer holds the person.
        await tx
          .update(fileMembers)
          .set({ status: 'left', endedAt: sql`now()` })
          .where(
            and(
              eq(fileMembers.ownerId, access.ownerId),
              eq(fileMembers.personId, input.personId),
              eq(fileMembers.status, 'joined'),
              isNull(fileMembers.userId),
            ),
          );
        const [row] = await tx
          .insert(fileMembers)
          .values({
            id,
            ownerId: access.ownerId,
            personId: input.personId,
            email: input.email.trim(),
            language: input.language,
            tokenHash: sha256(tokenFor(id, 1)),
            tokenExpiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
            status: 'invited',
          })
          .onConflictDoNothing()
          .returning();
        if (!row)
          throw new CoFounderError(
            409,
            'This person already has a pending or accepted invitation: send it again or revoke it',
            'ALREADY_INVITED',
          );
        await mailInvitation(tx, row);
      });
      mailQueue.wake();
      const [member] = await members(access.ownerId, input.personId);
      if (!member) throw new Error('the invited person is not in the list');
      return member;
    },

    async resend(userId: string, personId: string): Promise<FileMember> {
      const access = await founderAccess(userId);
      await db.transaction(async (tx) => {
        const row = (await latestRows(tx, access.ownerId)).get(personId);
        if (!row) throw new CoFounderError(404, `No invitation for ${personId}`);
        if (row.status !== 'invited')
          throw new CoFounderError(
            409,
            'This invitation was accepted or revoked: there is nothing to send again',
            'NOT_PENDING',
          );
        if (row.sendCount > MAX_RESENDS) throw new RateLimitedError(24 * 3600);
        const wait = row.lastSentAt.getTime() + RESEND_INTERVAL_MS - Date.now();
        if (wait > 0) throw new RateLimitedError(Math.ceil(wait / 1000));
        // Conditional: of two re-sends at once, one passes.
        const [sent] = await tx
          .update(fileMembers)
          .set({
            sendCount: row.sendCount + 1,
            tokenHash: sha256(tokenFor(row.id, row.sendCount + 1)),
            tokenExpiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
            lastSentAt: sql`now()`,
          })
          .where(
            and(
              eq(fileMembers.id, row.id),
              eq(fileMembers.status, 'invited'),
              eq(fileMembers.sendCount, row.sendCount),
            ),
          )
          .returning();
        if (!sent) throw new RateLimitedError(Math.ceil(RESEND_INTERVAL_MS / 1000));
        await mailInvitation(tx, sent);
      });
      mailQueue.wake();
      const [member] = await members(access.ownerId, personId);
      if (!member) throw new CoFounderError(404, `${personId} can no longer be invited`);
      return member;
    },

    async revoke(userId: string, personId: string): Promise<void> {
      const access = await founderAccess(userId);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(fileMembers)
          .set({ status: 'revoked', endedAt: sql`now()` })
          .where(
            and(
              eq(fileMembers.ownerId, access.ownerId),
              eq(fileMembers.personId, personId),
              inArray(fileMembers.status, ['invited', 'joined']),
            ),
          )
          .returning();
        if (!row) throw new CoFounderError(404, `No invitation for ${personId}`);
        // The same row before the update: `row` now says revoked.
        const wasJoined = row.joinedAt !== null;
        if (wasJoined && !row.userId) return;
        if (!wasJoined && !(row.tokenExpiresAt && row.tokenExpiresAt > new Date())) return;
        const data = (await fileRow(tx, access.ownerId))?.data ?? {};
        const person = personOf(data, personId);
        await enqueueMail(
          tx,
          coFounderRemoved(
            {
              ...(await recipientOf(tx, row)),
              firstname: typeof person?.firstNames === 'string' ? person.firstNames.trim() : '',
              inviter: fullName(await userOf(tx, access.ownerId)),
              company: companyWithForm(data),
              pending: !wasJoined,
            },
            brand,
          ),
          row.userId ?? access.ownerId,
        );
      });
      mailQueue.wake();
    },

    async invitation(token: string, ip: string): Promise<InvitationInfo> {
      await rateLimiter.enforce(`invitation-lookups:${addressKey(ip)}`, INVITATION_LOOKUPS);
      const row = await rowOfToken(token);
      if (!row) throw new CoFounderError(404, 'No invitation has this link');
      const [file, founder] = await Promise.all([fileRow(db, row.ownerId), userOf(db, row.ownerId)]);
      const data = file?.data ?? {};
      const state = stateOf(row);
      return {
        state: INVITATION_STATES[state],
        company: companyWithForm(data),
        inviter: fullName(founder),
        personName: personName(personOf(data, row.personId)),
        language: language(row.language),
        email: row.email,
      };
    },

    async accept(userId: string, token: string): Promise<SharedFileSummary> {
      const row = await rowOfToken(token);
      if (!row) throw new CoFounderError(404, 'No invitation has this link');
      if (row.ownerId === userId)
        throw new CoFounderError(409, 'This invitation is to your own company file', 'OWN_FILE');
      if (row.status === 'joined' && row.userId === userId)
        return summaryOf(row.ownerId, 'coFounder', row.personId);
      if (row.status === 'revoked')
        throw new CoFounderError(409, 'This invitation was revoked', 'INVITATION_REVOKED');
      if (row.status !== 'invited')
        throw new CoFounderError(409, 'This invitation was already used', 'INVITATION_USED');
      if (!row.tokenExpiresAt || row.tokenExpiresAt <= new Date())
        throw new CoFounderError(409, 'This invitation has expired: ask for a new one', 'INVITATION_EXPIRED');
      // The link is no bearer pass (review finding 2): only the account of the invited address
      // joins, so that the signing codes later go where the founder meant them to.
      const account = await userOf(db, userId);
      if (!account || account.email.trim().toLowerCase() !== row.email.trim().toLowerCase())
        throw new CoFounderError(
          409,
          `This invitation is for ${row.email}: log in or sign up with that address to accept it`,
          'INVITATION_OTHER_ADDRESS',
        );
      await db.transaction(async (tx) => {
        const [already] = await tx
          .select({ id: fileMembers.id })
          .from(fileMembers)
          .where(
            and(
              eq(fileMembers.ownerId, row.ownerId),
              eq(fileMembers.userId, userId),
              eq(fileMembers.status, 'joined'),
            ),
          );
        if (already)
          throw new CoFounderError(
            409,
            'Your account is already on this company file, as another person',
            'ALREADY_MEMBER',
          );
        const [joined] = await tx
          .update(fileMembers)
          .set({ status: 'joined', userId, joinedAt: sql`now()` })
          .where(
            and(
              eq(fileMembers.id, row.id),
              eq(fileMembers.status, 'invited'),
              eq(fileMembers.tokenHash, row.tokenHash ?? ''),
              sql`${fileMembers.tokenExpiresAt} > now()`,
            ),
          )
          .returning();
        if (!joined) throw new CoFounderError(409, 'This invitation was already used', 'INVITATION_USED');
        const data = (await fileRow(tx, row.ownerId))?.data ?? {};
        // The person may have left the file (or every role in it) since the invitation was sent.
        if (!invitablePersons(data).some(({ person }) => person.id === row.personId))
          throw new CoFounderError(
            409,
            'The person this invitation was for is no longer in the company file',
            'INVITATION_REVOKED',
          );
        await recordEvent(tx, row.ownerId, 'memberJoined', {
          key: `${row.personId}:${row.id}`,
          details: {
            personId: row.personId,
            personName: personName(personOf(data, row.personId), row.personId),
          },
        });
      });
      return summaryOf(row.ownerId, 'coFounder', row.personId);
    },

    async sharedFiles(userId: string): Promise<SharedFileSummary[]> {
      const rows = await db
        .select({ ownerId: fileMembers.ownerId, personId: fileMembers.personId })
        .from(fileMembers)
        .where(and(eq(fileMembers.userId, userId), eq(fileMembers.status, 'joined')))
        .orderBy(desc(fileMembers.joinedAt))
        .limit(100);
      return Promise.all(rows.map((row) => summaryOf(row.ownerId, 'coFounder', row.personId)));
    },

    async sharedFile(userId: string, fileId: string): Promise<SharedFile> {
      return sharedFile(await fileAccess(db, userId, fileId));
    },

    async leave(userId: string, fileId: string): Promise<void> {
      const access = await fileAccess(db, userId, fileId);
      if (access.role === 'founder')
        throw new FileAccessError(403, 'The founder cannot leave their own company file');
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(fileMembers)
          .set({ status: 'left', endedAt: sql`now()` })
          .where(and(eq(fileMembers.id, access.memberId), eq(fileMembers.status, 'joined')))
          .returning();
        if (!row) return;
        const founder = await userOf(tx, access.ownerId);
        if (!founder) return;
        const data = (await fileRow(tx, access.ownerId))?.data ?? {};
        await enqueueMail(
          tx,
          coFounderLeft(
            {
              to: founder.email,
              language: language(founder.language),
              firstname: founder.firstname,
              company: companyWithForm(data),
              person: personName(personOf(data, access.personId), access.personId),
            },
            brand,
          ),
          access.ownerId,
        );
      });
      mailQueue.wake();
    },

    /**
     * A co-founder completes or corrects their own person record (see the contract's
     * updateOwnPersonRecord). A submitted file that still passes every step is submitted again with
     * the change, in the same transaction: rounds it no longer matches are voided, and whoever had
     * given an act on the previous version is asked to give it again. Once a round is complete on
     * the submitted answers, the change stays in the draft (status amended): the founder decides.
     */
    async updateOwnRecord(
      userId: string,
      fileId: string,
      personId: string,
      input: { person: Record<string, unknown>; baseRevision: number; confirmVoidSignatures?: boolean },
    ): Promise<SharedFile> {
      const access = await fileAccess(db, userId, fileId);
      if (access.role === 'founder')
        throw new FileAccessError(
          403,
          'The founder changes the file in the form, not through this operation',
        );
      if (personId !== access.personId)
        throw new FileAccessError(403, 'You can change only your own person record');
      const record = input.person;
      if (record.id !== personId)
        throw new CoFounderError(400, `body/person/id must be ${personId}`, 'PERSON_ID_CHANGED');
      if (record.kind !== 'natural')
        throw new CoFounderError(400, 'body/person/kind must stay natural', 'PERSON_KIND_CHANGED');
      checkStorable(record, 'body/person');
      if (Buffer.byteLength(JSON.stringify(record)) > MAX_RECORD_BYTES)
        throw new CoFounderError(
          400,
          `body/person is larger than ${MAX_RECORD_BYTES / 1024} kB`,
          'PERSON_TOO_LARGE',
        );
      // An older file is brought to the current steps first (and stored so).
      await files.get(access.ownerId);
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(companyFiles)
          .where(eq(companyFiles.userId, access.ownerId))
          .for('update');
        if (!row) throw new FileAccessError(404, 'No company file here');
        if (row.revision !== input.baseRevision || row.version !== wizard.version)
          return { conflict: true as const };
        const persons = Array.isArray(row.data.persons) ? [...(row.data.persons as unknown[])] : [];
        const index = persons.findIndex((person) => (person as { id?: unknown } | null)?.id === personId);
        if (index < 0) throw new CoFounderError(404, 'Your person is no longer in this company file');
        const previous = persons[index] as Record<string, unknown>;
        if (previous.kind !== 'natural')
          throw new CoFounderError(400, 'body/person/kind must stay natural', 'PERSON_KIND_CHANGED');
        persons[index] = record;
        const data: FileData = { ...row.data, persons };
        const allErrors = validateCompanyFile(wizard, data);
        const errors = [...errorsOfPerson(allErrors, index), ...unknownFields(data, record, index)];
        if (errors.length > 0) throw new OwnRecordInvalid(errors);
        if (fileDigest(data) === fileDigest(row.data)) return { conflict: false as const, changed: false };

        const wasSubmitted = row.submittedData !== null && row.submittedRevision === row.revision;
        // The submitted answers as the acts and the rounds read them (migrated).
        const submittedBefore = wasSubmitted ? await files.submittedData(access.ownerId, tx) : null;
        // Once the documents are signed and sealed on these answers, only the founder may undo that
        // (review finding 10): the change waits in the draft, and the founder decides.
        const signedPack = submittedBefore
          ? await completeRoundOn(tx, access.ownerId, submittedBefore)
          : false;
        const resubmit = wasSubmitted && allErrors.length === 0 && !signedPack;
        const newDigest = fileDigest(data);
        if (resubmit)
          await guardSubmittedChange(tx, access.ownerId, newDigest, input.confirmVoidSignatures === true);
        const revision = row.revision + 1;
        await tx
          .update(companyFiles)
          .set({
            revision,
            data,
            updatedAt: sql`now()`,
            ...(resubmit
              ? {
                  submittedData: data,
                  submittedVersion: wizard.version,
                  submittedRevision: revision,
                  submittedAt: sql`now()`,
                }
              : {}),
          })
          .where(and(eq(companyFiles.userId, access.ownerId), eq(companyFiles.revision, row.revision)));
        if (resubmit && submittedBefore) {
          const voided = await voidRoundsAfterChange(
            tx,
            access.ownerId,
            newDigest,
            fileChanges(submittedBefore, data),
          );
          if (voided.length > 0) await deps.roundsVoided?.(tx, access.ownerId, voided);
          await acts.askAgainAfterChange(tx, access.ownerId, submittedBefore, data, userId);
        }
        // The founder hears of it: "completed" when the record passes the People step for the first
        // time; a correction once per quarter of an hour at most, however often it is saved.
        const completed = errorsOfPerson(validateCompanyFile(wizard, row.data), index).length > 0;
        const founder = await userOf(tx, access.ownerId);
        if (founder) {
          const message = coFounderRecordUpdated(
            {
              to: founder.email,
              language: language(founder.language),
              firstname: founder.firstname,
              company: companyWithForm(data),
              person: personName(record, personId),
              completed,
              resubmitted: resubmit,
              signed: signedPack,
              fileUrl: `${publicUrl}/shared/${access.ownerId}`,
            },
            brand,
          );
          const [recent] = await tx
            .select({ id: mailTable.id })
            .from(mailTable)
            .where(
              and(
                eq(mailTable.userId, access.ownerId),
                eq(mailTable.subject, message.subject),
                sql`${mailTable.createdAt} > now() - ${`${RECORD_MAIL_INTERVAL_MS} milliseconds`}::interval`,
              ),
            )
            .limit(1);
          if (completed || signedPack || !recent) await enqueueMail(tx, message, access.ownerId);
        }
        return { conflict: false as const, changed: true };
      });
      if (outcome.conflict) throw new OwnRecordConflict(await sharedFile(access));
      if (outcome.changed) mailQueue.wake();
      return sharedFile(access);
    },

    /**
     * In the transaction of the founder's submission (company-files.ts `afterSubmittedChange`):
     * memberships of persons the new answers no longer hold end, and whoever had given an act on
     * the previous submission (`before`, migrated) is asked to give it again, with what changed;
     * the founder made the change and is not. A failure here undoes the submission.
     */
    async afterSubmittedChange(
      tx: Transaction,
      ownerId: string,
      before: FileData | null,
      after: FileData,
    ): Promise<void> {
      // The mails are sent by the mail worker's next poll, once this transaction is committed.
      await endRemovedMembers(tx, ownerId, after);
      if (before) await acts.askAgainAfterChange(tx, ownerId, before, after, ownerId);
    },

    /** In the transaction of the founder's saved draft: memberships of persons it no longer holds end. */
    async afterDraftSaved(tx: Transaction, ownerId: string, data: FileData): Promise<void> {
      await endRemovedMembers(tx, ownerId, data);
    },

    /**
     * Queues the one reminder of every invitation unanswered for INVITATION_REMINDER_AFTER_MS and
     * still valid; answers how many. Claimed by a conditional update in the transaction that queues
     * the mail: two server instances never remind twice.
     */
    async remindInvitations(now = new Date()): Promise<number> {
      const due = await db
        .select({ id: fileMembers.id })
        .from(fileMembers)
        .where(
          and(
            eq(fileMembers.status, 'invited'),
            isNull(fileMembers.reminderSentAt),
            lt(fileMembers.lastSentAt, new Date(now.getTime() - INVITATION_REMINDER_AFTER_MS)),
            or(isNull(fileMembers.tokenExpiresAt), sql`${fileMembers.tokenExpiresAt} > ${now.toISOString()}`),
          ),
        )
        .limit(100);
      let sent = 0;
      for (const { id } of due) {
        const queued = await db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(fileMembers)
            .set({ reminderSentAt: sql`now()` })
            .where(
              and(
                eq(fileMembers.id, id),
                eq(fileMembers.status, 'invited'),
                isNull(fileMembers.reminderSentAt),
              ),
            )
            .returning();
          if (!claimed?.tokenExpiresAt || claimed.tokenExpiresAt <= now) return false;
          await mailInvitation(tx, claimed, true);
          return true;
        });
        if (queued) sent += 1;
      }
      if (sent > 0) mailQueue.wake();
      return sent;
    },
  };
}

export type CoFounderService = ReturnType<typeof createCoFounderService>;
export { CompanyFileError, FOUNDER_PERSON_ID };

/**
 * Each person's own word on the submitted file (issue 35): the acceptance of an appointment, the
 * honour statement (France: the declaration of non-conviction; Romania: the administrator's
 * declaration) and the approval of the file. An act names the digest of the submitted answers it
 * was given on: once they change, it is `changed` (what changed is said, field names only) and must
 * be given again, and whoever had given one is mailed.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { components } from '../../../src/lib/api/schema';
import type { Database, Transaction } from '../../db/database';
import { companyFiles, fileActs, fileMembers, users } from '../../db/schema';
import { recordEvent } from '../company-journey/timeline';
import {
  isServerLanguage,
  serverWords,
  translator,
  type ServerLanguage,
  type ServerTranslator,
} from '../i18n';
import { enqueueMail } from '../mail/mail-queue';
import { coFounderApproveAgain, type MailBrand } from '../mail/messages';
import type { FileAccess } from './file-access';
import { FOUNDER_PERSON_ID } from './file-access';
import { fileChanges, fileDigest, type FileChange, type FileData } from './file-digest';
import { actCapacity, companyWithForm } from '../../../src/shared/act-words';
import type { LegalForm } from '../../../src/shared/jurisdictions';
import { actsCalledFor, jurisdictionOf, personName, personOf, type ActKind } from './roles';

type FileAct = components['schemas']['FileAct'];
type FileActList = components['schemas']['FileActList'];

export class ActError extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 409,
    message: string,
    readonly publicCode?: string,
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A title of the wizard's words (`fields.<key>.title`), the first one when it varies by legal form. */
function wizardTitle(words: Readonly<Record<string, unknown>>, path: string[]): string | null {
  let node: unknown = words;
  for (const part of path) node = isRecord(node) ? node[part] : undefined;
  if (typeof node === 'string') return node;
  if (isRecord(node))
    return Object.values(node).find((value): value is string => typeof value === 'string') ?? null;
  return null;
}

/**
 * What changed, as the wizard names the fields in `language` (the person's name before a field of
 * theirs), each once; never a value.
 */
export function changedFieldNames(
  changes: FileChange[],
  language: ServerLanguage,
  before: FileData,
  after: FileData,
): string[] {
  const t: ServerTranslator = translator(language);
  const words = serverWords(language, 'wizard');
  const unescape = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');
  const names = changes.map(({ path, personId }) => {
    const [key = '', index, field] = path.split('/').slice(1).map(unescape);
    if (key === 'persons' && index !== undefined) {
      const person = personId ? (personOf(after, personId) ?? personOf(before, personId)) : undefined;
      const who = personName(person) || t('wizard:fields.person.heading', { number: Number(index) + 1 });
      if (!field) return who;
      return `${who} – ${wizardTitle(words, ['fields', 'person', field, 'title']) ?? wizardTitle(words, ['fields', field, 'title']) ?? field}`;
    }
    return wizardTitle(words, ['fields', key, 'title']) ?? key;
  });
  return [...new Set(names)];
}

export function createActService(deps: {
  db: Database;
  brand: MailBrand;
  publicUrl: string;
  /** The legal forms (the wizard's): an act names a manager by the title their form gives them. */
  legalForms: readonly LegalForm[];
  /**
   * The submitted answers, migrated to the current steps: the company-file service's
   * `submittedData`, which the signing rounds read too, so that acts and rounds hash one thing.
   */
  submittedData: (ownerId: string, executor: Database | Transaction) => Promise<FileData | null>;
}) {
  const { db, brand, publicUrl } = deps;

  /** The acts the submitted answers call for, and where each stands. */
  async function list(executor: Database | Transaction, ownerId: string): Promise<FileActList> {
    const submitted = await deps.submittedData(ownerId, executor);
    if (!submitted) {
      const [row] = await executor
        .select({ data: companyFiles.data })
        .from(companyFiles)
        .where(eq(companyFiles.userId, ownerId));
      return {
        digest: null,
        submitted: false,
        // What the draft will call for, none given yet.
        acts: actsCalledFor(row?.data ?? {}).map(({ personId, act }) => ({
          personId,
          act,
          state: 'missing',
        })),
      };
    }
    const digest = fileDigest(submitted);
    const rows = await executor
      .select()
      .from(fileActs)
      .where(eq(fileActs.ownerId, ownerId))
      .orderBy(desc(fileActs.givenAt));
    const acts = actsCalledFor(submitted).map(({ personId, act }): FileAct => {
      const mine = rows.filter((candidate) => candidate.personId === personId && candidate.act === act);
      const current = mine.find((candidate) => candidate.digest === digest);
      if (current)
        return {
          personId,
          act,
          state: 'given',
          givenAt: current.givenAt.toISOString(),
          words: current.words,
        };
      const latest = mine[0];
      if (!latest) return { personId, act, state: 'missing' };
      return {
        personId,
        act,
        state: 'changed',
        givenAt: latest.givenAt.toISOString(),
        words: latest.words,
        changes: fileChanges(latest.snapshot, submitted),
      };
    });
    return { digest, submitted: true, acts };
  }

  return {
    list,

    /**
     * Records `access`'s person's act on the submitted answers of `digest`, with the words shown
     * (rendered here from the page's keys, in `language`), the address and the browser.
     */
    async give(
      access: FileAccess,
      input: { personId: string; act: ActKind; digest: string; language: ServerLanguage },
      client: { ip: string | null; userAgent: string | null },
    ): Promise<FileActList> {
      if (input.personId !== access.personId)
        throw new ActError(
          403,
          'Only the person themselves can give their acceptance, statement or approval',
        );
      await db.transaction(async (tx) => {
        // Locked: a resubmission waits for the act, or the act sees the new answers.
        await tx
          .select({ userId: companyFiles.userId })
          .from(companyFiles)
          .where(eq(companyFiles.userId, access.ownerId))
          .for('update');
        const submitted = await deps.submittedData(access.ownerId, tx);
        if (!submitted)
          throw new ActError(
            409,
            'The company file is not submitted yet: there is nothing to approve',
            'NOT_SUBMITTED',
          );
        const called = actsCalledFor(submitted).find(
          (candidate) => candidate.personId === input.personId && candidate.act === input.act,
        );
        if (!called)
          throw new ActError(400, 'The company file does not ask this of this person', 'ACT_NOT_CALLED_FOR');
        const digest = fileDigest(submitted);
        if (input.digest !== digest)
          throw new ActError(
            409,
            'The company file changed since it was shown: read it again',
            'FILE_CHANGED',
          );
        const [already] = await tx
          .select({ id: fileActs.id })
          .from(fileActs)
          .where(
            and(
              eq(fileActs.ownerId, access.ownerId),
              eq(fileActs.personId, input.personId),
              eq(fileActs.act, input.act),
              eq(fileActs.digest, digest),
            ),
          );
        if (already) return;
        const jurisdiction = jurisdictionOf(submitted);
        const t = translator(input.language);
        const key = `legal-acts:acts.${input.act}.${jurisdiction ?? 'FR'}.words`;
        const name = personName(personOf(submitted, input.personId), input.personId);
        const words = t(key, {
          name,
          role: t(
            `cofounders:capacity.${actCapacity(deps.legalForms, submitted, input.personId, input.act)}`,
          ),
          company: companyWithForm(submitted),
        });
        // Never the key in place of the words a person gives.
        if (words === key || words === key.slice(key.indexOf(':') + 1))
          throw new Error(`The words of ${key} are missing in ${input.language}`);
        const [given] = await tx
          .insert(fileActs)
          .values({
            ownerId: access.ownerId,
            personId: input.personId,
            act: input.act,
            userId: access.userId,
            digest,
            snapshot: submitted,
            words,
            language: input.language,
            ipAddress: client.ip,
            userAgent: client.userAgent?.slice(0, 500) ?? null,
          })
          .returning({ id: fileActs.id });
        if (!given) throw new Error('the act was not recorded');
        await recordEvent(tx, access.ownerId, 'actGiven', {
          key: `${input.personId}:${input.act}:${given.id}`,
          details: { personId: input.personId, personName: name, act: input.act },
        });
      });
      return list(db, access.ownerId);
    },

    /**
     * In the transaction that replaced the submitted answers `before` by `after`: mails each person
     * who had given an act on `before` (but `actorUserId`, who made the change) that it must be given
     * again, with what changed, in their language. A co-founder who is not on the file any more, or
     * never joined, is not written to.
     */
    async askAgainAfterChange(
      tx: Transaction,
      ownerId: string,
      before: FileData,
      after: FileData,
      actorUserId: string | null,
    ): Promise<number> {
      const beforeDigest = fileDigest(before);
      if (beforeDigest === fileDigest(after)) return 0;
      const given = await tx
        .selectDistinct({ personId: fileActs.personId })
        .from(fileActs)
        .where(and(eq(fileActs.ownerId, ownerId), eq(fileActs.digest, beforeDigest)));
      if (given.length === 0) return 0;
      const personIds = given.map((row) => row.personId);
      const joined = await tx
        .select({
          personId: fileMembers.personId,
          email: users.email,
          language: users.language,
          userId: users.id,
        })
        .from(fileMembers)
        .innerJoin(users, eq(users.id, fileMembers.userId))
        .where(
          and(
            eq(fileMembers.ownerId, ownerId),
            eq(fileMembers.status, 'joined'),
            inArray(fileMembers.personId, personIds),
          ),
        );
      const [founder] = await tx.select().from(users).where(eq(users.id, ownerId));
      const recipients = [
        ...(founder && personIds.includes(FOUNDER_PERSON_ID)
          ? [
              {
                personId: FOUNDER_PERSON_ID,
                email: founder.email,
                language: founder.language,
                userId: founder.id,
              },
            ]
          : []),
        ...joined,
      ].filter((recipient) => recipient.userId !== actorUserId);
      const changes = fileChanges(before, after);
      for (const recipient of recipients) {
        const language: ServerLanguage = isServerLanguage(recipient.language) ? recipient.language : 'fr';
        const person = personOf(after, recipient.personId);
        await enqueueMail(
          tx,
          coFounderApproveAgain(
            {
              to: recipient.email,
              language,
              firstname: typeof person?.firstNames === 'string' ? person.firstNames.trim() : '',
              company: companyWithForm(after),
              changes: changedFieldNames(changes, language, before, after),
              url: `${publicUrl}/shared/${ownerId}`,
            },
            brand,
          ),
          recipient.userId,
        );
      }
      return recipients.length;
    },
  };
}

export type ActService = ReturnType<typeof createActService>;

/**
 * Signing rounds (issue 35): the founder freezes the submitted file and has the documents someone
 * signs written from it; each signatory reads them and signs with a one-time code mailed to their
 * account; a document every signatory signed is sealed at once (its signature page, then a PAdES
 * seal), and the last seal completes the round with its evidence file. A Romanian file gets a
 * `qualified` round instead: the documents carry an unsigned signature field per signatory, for each
 * one's qualified certificate outside Kreo (no code, nothing signed here).
 *
 * Every change of a round happens in a transaction that first locks the round's row: two signatories
 * signing at the same instant queue there, so the second sees the first's signature and seals. The
 * seals themselves are made after that transaction, with no lock held, and stored under a second short
 * lock that checks the round is still open and the document not sealed meanwhile (sealDue).
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { asciiSlug } from '../../../src/shared/ascii-slug';
import type { components } from '../../../src/lib/api/schema';
import type { Database, Transaction } from '../../db/database';
import {
  companyFiles,
  fileActs,
  fileMembers,
  purchases,
  signatures,
  signingCodes,
  signingDocuments,
  signingRounds,
  users,
} from '../../db/schema';
import {
  FOUNDER_PERSON_ID,
  fileAccess,
  FileAccessError,
  requireFounder,
  type FileAccess,
} from '../co-founders/file-access';
import { fileDigest } from '../co-founders/file-digest';
import { recordEvent } from '../company-journey/timeline';
import { notApplicableReason } from '../documents/applicability';
import { DOCUMENT_SKUS, type DocumentBuilder, type DocumentSku } from '../documents/build-document';
import type { DocumentBlock, DocumentPreviewBlock } from '../documents/document-model';
import type {
  FileRequest,
  PreviewRequest,
  Rendered,
  RenderedFile,
  SignaturePageSigner,
} from '../documents/document-renderer';
import { produced } from '../documents/document-service';
import { isServerLanguage, translator, type ServerLanguage } from '../i18n';
import { enqueueMail } from '../mail/mail-queue';
import {
  documentsToSign,
  signingCode,
  signingDocumentSealed,
  signingPackSigned,
  signingVoided,
  type MailBrand,
} from '../mail/messages';
import type { RateLimitRule, RateLimiter } from '../rate-limiter';
import {
  CODE_LIFETIME_MS,
  CODE_MAX_ATTEMPTS,
  codeKey,
  codeMatches,
  hashCode,
  maskAddress,
  newCode,
} from './codes';
import type { EvidenceMembership, SigningEvidence } from './evidence-pdf';
import { expectedSignatories, memberAccounts, missingActs, notJoined, requiredActs } from './readiness';

export type SigningState = components['schemas']['SigningState'];
export type SigningReason = components['schemas']['SigningReason'];
type SigningRoundApi = components['schemas']['SigningRound'];

/** A person who signs a document, as its `@sign … | personId` block names them. */
export interface Signatory {
  personId: string;
  name: string;
  role: string;
}

/** One signer as the signature page of a sealed document lists them. */
export interface SignedBy {
  personId: string;
  name: string;
  role: string;
  signedAt: Date;
  /** The address the code went to (masked) and when the code was checked. */
  codeSentTo: string;
  codeVerifiedAt: Date;
  /** The SHA-256 of the version read and signed. */
  documentSha256: string;
}

/** What the evidence file of a complete round says, but the seal (the wiring adds its certificate). */
export type RoundEvidence = Omit<SigningEvidence, 'seal'>;

/**
 * The signature helper's tools (server/services/signing/: signatories.ts, pades.ts, evidence-pdf.ts),
 * bound to the server's seal key where they need it.
 */
export interface SigningTools {
  signatoriesOf(blocks: readonly DocumentBlock[]): Signatory[];
  /** The PAdES seal; `signedSha256` is the SHA-256 of the byte ranges it covers. */
  seal(
    pdf: Uint8Array,
    info: { reason: string; name: string; location: string; signingTime: Date },
  ): Promise<{ pdf: Uint8Array; signedSha256: string }>;
  /** The evidence file (PDF/A), written in the worker pool for `owner`. */
  evidence(evidence: RoundEvidence, language: ServerLanguage, owner: string): Promise<Uint8Array>;
}

/** What the signing service renders with: the worker pool (the renderer's signing options). */
export interface SigningRenderer {
  preview(request: PreviewRequest, owner: string): Promise<Rendered<string>>;
  file(
    request: FileRequest & {
      createdAt?: string;
      signaturePage?: { signers: SignaturePageSigner[] };
      qualifiedFields?: Signatory[];
    },
    owner: string,
  ): Promise<Rendered<RenderedFile>>;
}

export class SigningError extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409,
    message: string,
    readonly publicCode?: string,
    readonly readiness?: SigningReason[],
    /** CODE_INVALID: how many more tries the code allows (sent as the error's `attemptsLeft`). */
    readonly attemptsLeft?: number,
  ) {
    super(message);
  }
}

/** Rank 1: the documents every later one refers to (the statuts, the managers' declarations). */
const FIRST_RANK: readonly DocumentSku[] = [
  'LEGAL_STATUSES',
  'CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION',
];

/**
 * The documents holding one declaration per manager (FR declaration of non-conviction, RO
 * administrator's declaration): a round signs one document per declarant, whose only signatory is
 * that person, so that nobody signs or reads another's declaration (their parents' names).
 */
const PER_DECLARANT: readonly DocumentSku[] = ['CERTIFICATES_OF_NON_CONVICTION_AND_AFFILIATION'];

/** The person whose declaration alone a round's document holds (the renderer's `onlyPersonId`). */
export function declarantOf(document: {
  sku: string;
  signatories: readonly { personId: string }[];
}): { onlyPersonId: string } | Record<string, never> {
  const [only, ...others] = document.signatories;
  return PER_DECLARANT.includes(document.sku as DocumentSku) && only && others.length === 0
    ? { onlyPersonId: only.personId }
    : {};
}

/** The evidence file's name in the pack, in the filing language. */
export const EVIDENCE_FILE_NAMES: Record<ServerLanguage, string> = {
  fr: 'certificat-de-signature.pdf',
  en: 'signature-certificate.pdf',
  ro: 'certificat-semnaturi.pdf',
};

type RoundRow = typeof signingRounds.$inferSelect;
type DocumentRow = typeof signingDocuments.$inferSelect;
type SignatureRow = typeof signatures.$inferSelect;

/** A person's name as the round's answers give it (first names and last name, or a company's name). */
function personName(round: { data: Record<string, unknown> }, personId: string): string {
  const persons = Array.isArray(round.data.persons) ? (round.data.persons as Record<string, unknown>[]) : [];
  const person = persons.find((entry) => entry && entry.id === personId);
  const text = (key: string) => (typeof person?.[key] === 'string' ? (person[key] as string).trim() : '');
  return (
    [text('firstNames'), text('lastName').toUpperCase()].filter(Boolean).join(' ') || text('name') || personId
  );
}

const languageOf = (language: string | null | undefined): ServerLanguage =>
  isServerLanguage(language) ? language : 'fr';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export interface SigningServiceDeps {
  db: Database;
  builder: Pick<DocumentBuilder, 'formOf' | 'languagesOf'>;
  renderer: SigningRenderer;
  tools: SigningTools;
  /** The last submitted answers, in the current version of the steps (null: never submitted). */
  submittedData: (ownerId: string) => Promise<Record<string, unknown> | null>;
  /** Whether the pre-filing check of the submitted file finds a blocking problem. */
  filingBlocked: (ownerId: string) => Promise<boolean>;
  brand: MailBrand;
  signingKey: Uint8Array;
  /** Per account: the codes mailed, and the previews written (as the documents page's count). */
  limits?: { limiter: RateLimiter; codes: RateLimitRule; previews?: RateLimitRule };
  now?: () => Date;
}

export function createSigningService(deps: SigningServiceDeps) {
  const { db, builder, renderer, tools, brand } = deps;
  const now = deps.now ?? (() => new Date());
  const key = codeKey(deps.signingKey);
  const signUrl = (ownerId: string) => `${brand.siteUrl}/sign/${ownerId}`;

  async function ownedDocuments(ownerId: string): Promise<DocumentSku[]> {
    const rows = await db
      .select({ sku: purchases.productSku })
      .from(purchases)
      .where(and(eq(purchases.userId, ownerId), inArray(purchases.productSku, [...DOCUMENT_SKUS])));
    const owned = new Set(rows.map((row) => row.sku));
    return DOCUMENT_SKUS.filter((sku) => owned.has(sku));
  }

  /** The documents a round of `data` writes: owned, called for by the answers, in the filing language. */
  function plannedDocuments(data: Record<string, unknown>, owned: DocumentSku[]): DocumentSku[] {
    const form = builder.formOf(data);
    if (!form) return [];
    const formId = `${form.jurisdiction}-${form.code}`;
    return owned.filter(
      (sku) =>
        notApplicableReason(sku, data, form) === null &&
        builder.languagesOf(sku, formId).includes(form.filingLanguage as ServerLanguage),
    );
  }

  async function readiness(ownerId: string): Promise<SigningReason[]> {
    const data = await deps.submittedData(ownerId);
    if (!data) return [{ code: 'NOT_SUBMITTED' }];
    const reasons: SigningReason[] = [];
    const owned = await ownedDocuments(ownerId);
    if (owned.length === 0) reasons.push({ code: 'NOT_PURCHASED' });
    else if (await deps.filingBlocked(ownerId)) reasons.push({ code: 'FILING_CHECK' });
    const digest = fileDigest(data);
    for (const { personId, act } of await missingActs(db, ownerId, digest, requiredActs(data)))
      reasons.push({ code: 'ACT_MISSING', personId, act });
    // Signed in Kreo (France), every signatory needs their account on the file; Romania's documents
    // are signed outside it with each one's qualified certificate.
    if (builder.formOf(data)?.jurisdiction !== 'RO')
      for (const personId of await notJoined(db, ownerId, expectedSignatories(data)))
        reasons.push({ code: 'SIGNATORY_NOT_JOINED', personId });
    if (owned.length > 0 && plannedDocuments(data, owned).length === 0) reasons.push({ code: 'NO_DOCUMENT' });
    return reasons;
  }

  async function latestRound(
    executor: Database | Transaction,
    ownerId: string,
  ): Promise<RoundRow | undefined> {
    const [round] = await executor
      .select()
      .from(signingRounds)
      .where(eq(signingRounds.ownerId, ownerId))
      .orderBy(desc(signingRounds.startedAt))
      .limit(1);
    return round;
  }

  async function documentsOf(executor: Database | Transaction, roundId: string) {
    const documents = await executor
      .select()
      .from(signingDocuments)
      .where(eq(signingDocuments.roundId, roundId))
      .orderBy(asc(signingDocuments.rank), asc(signingDocuments.fileName));
    const signed =
      documents.length === 0
        ? []
        : await executor
            .select()
            .from(signatures)
            .where(
              inArray(
                signatures.documentId,
                documents.map((document) => document.id),
              ),
            )
            .orderBy(asc(signatures.signedAt));
    return { documents, signed };
  }

  // Signed outside Kreo (Romania), every prepared document is there to download at once; in Kreo, the
  // documents of rank 2 wait for the statuts and the declarations to be sealed.
  const isOpen = (round: RoundRow, document: DocumentRow, documents: DocumentRow[]) =>
    round.status === 'open' &&
    document.sealedAt === null &&
    (round.mode === 'qualified' ||
      document.rank === 1 ||
      documents.every((other) => other.rank !== 1 || other.sealedAt !== null));

  function roundOf(round: RoundRow, documents: DocumentRow[], signed: SignatureRow[]): SigningRoundApi {
    return {
      id: round.id,
      mode: round.mode,
      status: round.status,
      startedAt: round.startedAt.toISOString(),
      ...(round.completedAt ? { completedAt: round.completedAt.toISOString() } : {}),
      ...(round.voidedAt ? { voidedAt: round.voidedAt.toISOString() } : {}),
      ...(round.voidedChanges ? { voidedChanges: round.voidedChanges } : {}),
      ...(round.status === 'voided' ? { voidedReason: round.voidedReason ?? 'fileChanged' } : {}),
      documents: documents.map((document) => ({
        id: document.id,
        sku: document.sku as DocumentSku,
        title: document.title,
        language: document.language as ServerLanguage,
        rank: document.rank,
        open: isOpen(round, document, documents),
        sha256: document.sha256,
        signatories: document.signatories.map((signatory) => ({
          ...signatory,
          signedAt:
            signed
              .find((row) => row.documentId === document.id && row.personId === signatory.personId)
              ?.signedAt.toISOString() ?? null,
        })),
        sealed: document.sealedAt !== null,
        ...(document.sealedSha256 ? { sealedSha256: document.sealedSha256 } : {}),
      })),
    };
  }

  async function stateOf(access: FileAccess): Promise<SigningState> {
    const round = await latestRound(db, access.ownerId);
    const { documents, signed } = round ? await documentsOf(db, round.id) : { documents: [], signed: [] };
    return {
      role: access.role,
      personId: access.personId,
      readiness: await readiness(access.ownerId),
      round: round ? roundOf(round, documents, signed) : null,
    };
  }

  /** The account's address, language and first name (null for an account deleted since). */
  async function accountOf(executor: Database | Transaction, userId: string) {
    const [user] = await executor
      .select({ email: users.email, language: users.language, firstname: users.firstname })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return null;
    return {
      to: user.email,
      language: isServerLanguage(user.language) ? user.language : ('fr' as ServerLanguage),
      firstname: user.firstname,
    };
  }

  async function companyOf(executor: Database | Transaction, ownerId: string): Promise<string> {
    const [file] = await executor
      .select({ submitted: companyFiles.submittedData, data: companyFiles.data })
      .from(companyFiles)
      .where(eq(companyFiles.userId, ownerId));
    const name = (file?.submitted ?? file?.data)?.companyName;
    return typeof name === 'string' ? name.trim() : '';
  }

  /** Each signatory's account (and the founder's), with who they are in the file. */
  async function recipients(tx: Transaction, ownerId: string, personIds: Iterable<string>) {
    const accounts = await memberAccounts(tx, ownerId);
    const wanted = new Set(personIds);
    const found = [];
    for (const [personId, userId] of accounts) {
      if (!wanted.has(personId)) continue;
      const account = await accountOf(tx, userId);
      if (account) found.push({ personId, userId, ...account });
    }
    return found;
  }

  /** A round of `ownerId` on the answers of digest `digest` that is not voided (open or complete). */
  async function liveRoundOf(executor: Database | Transaction, ownerId: string, digest: string) {
    const [round] = await executor
      .select({ id: signingRounds.id })
      .from(signingRounds)
      .where(
        and(
          eq(signingRounds.ownerId, ownerId),
          eq(signingRounds.digest, digest),
          ne(signingRounds.status, 'voided'),
        ),
      )
      .limit(1);
    return round;
  }

  /** The refusal of a second round of the same answers (sent with an empty `readiness`, as the contract's 409). */
  const alreadyStarted = () =>
    new SigningError(409, 'These documents are being signed already', 'ALREADY_STARTED', []);

  /** The round of `ownerId` a signatory acts on: the newest, open, electronic. */
  function openElectronic(round: RoundRow | undefined): RoundRow {
    if (!round) throw new SigningError(409, 'No documents are being signed', 'NOTHING_TO_SIGN');
    if (round.status === 'voided')
      throw new SigningError(409, 'The company file changed: these signatures were voided', 'SIGNING_VOIDED');
    if (round.status === 'complete')
      throw new SigningError(409, 'Every document is signed already', 'NOTHING_TO_SIGN');
    if (round.mode === 'qualified')
      throw new SigningError(
        409,
        'These documents are signed with each signatory’s qualified electronic certificate, outside Kreo',
        'QUALIFIED_SIGNATURE',
      );
    return round;
  }

  /** The documents `ids` the caller may sign now, or the reason they may not. */
  function signable(
    access: FileAccess,
    round: RoundRow,
    documents: DocumentRow[],
    signed: SignatureRow[],
    ids: string[],
  ): DocumentRow[] {
    const wanted = [...new Set(ids)];
    const found = wanted.map((id) => documents.find((document) => document.id === id));
    if (found.some((document) => !document)) throw new SigningError(404, 'No such document in this round');
    const chosen = found as DocumentRow[];
    for (const document of chosen)
      if (!document.signatories.some((signatory) => signatory.personId === access.personId))
        throw new SigningError(403, `You do not sign “${document.title}”`, 'NOT_A_SIGNATORY');
    for (const document of chosen)
      if (signed.some((row) => row.documentId === document.id && row.personId === access.personId))
        throw new SigningError(409, `You signed “${document.title}” already`, 'ALREADY_SIGNED');
    for (const document of chosen)
      if (!isOpen(round, document, documents))
        throw new SigningError(
          409,
          `“${document.title}” opens once the statuts and the declarations are signed`,
          'DOCUMENT_NOT_OPEN',
        );
    return chosen;
  }

  /**
   * What the evidence file of `round` says: each document and its signatures (the full address the
   * code went to and the account, as recorded at signing), then each person who signs: their access to
   * the file (the founder's account; a co-founder's invitation and joining) and their acts on the
   * round's answers (file_acts rows of its digest).
   */
  async function evidenceOf(
    executor: Database | Transaction,
    round: RoundRow,
    documents: DocumentRow[],
    signed: SignatureRow[],
    company: string,
    completedAt: Date,
  ): Promise<RoundEvidence> {
    const form = builder.formOf(round.data);
    const acts = await executor
      .select()
      .from(fileActs)
      .where(and(eq(fileActs.ownerId, round.ownerId), eq(fileActs.digest, round.digest)))
      .orderBy(asc(fileActs.givenAt));
    const members = await executor
      .select()
      .from(fileMembers)
      .where(eq(fileMembers.ownerId, round.ownerId))
      .orderBy(desc(fileMembers.invitedAt));
    // Each person once, in the order they first sign, then anyone else who gave an act.
    const names = new Map<string, string>();
    for (const document of documents)
      for (const signatory of document.signatories)
        if (!names.has(signatory.personId)) names.set(signatory.personId, signatory.name);
    for (const act of acts)
      if (!names.has(act.personId)) names.set(act.personId, personName(round, act.personId));
    const membershipOf = (personId: string): EvidenceMembership | null => {
      if (personId === FOUNDER_PERSON_ID) return { founder: true, accountId: round.ownerId };
      // The membership the signature was made through (its account), else the newest invitation.
      const accounts = new Set(signed.filter((row) => row.personId === personId).map((row) => row.userId));
      const row =
        members.find((member) => member.personId === personId && accounts.has(member.userId)) ??
        members.find((member) => member.personId === personId);
      if (!row) return null;
      return {
        founder: false,
        invitedEmail: row.email,
        invitedAt: row.invitedAt.toISOString(),
        joinedAt: row.joinedAt?.toISOString() ?? null,
        accountId: row.userId,
      };
    };
    return {
      jurisdiction: form?.jurisdiction === 'RO' ? 'RO' : 'FR',
      company: [company, form?.code.replace(/_SOLE$/, '')].filter(Boolean).join(' '),
      roundId: round.id,
      fileDigest: round.digest,
      startedAt: round.startedAt.toISOString(),
      completedAt: completedAt.toISOString(),
      documents: documents.map((document) => ({
        sku: document.sku,
        title: document.title,
        fileName: document.fileName,
        sha256: document.sha256,
        sealedSha256: document.sealedSha256 ?? '',
        sealedAt: (document.sealedAt ?? completedAt).toISOString(),
        signatures: document.signatories.flatMap((signatory) => {
          const row = signed.find(
            (entry) => entry.documentId === document.id && entry.personId === signatory.personId,
          );
          if (!row) return [];
          return [
            {
              personId: signatory.personId,
              name: signatory.name,
              role: signatory.role,
              accountId: row.userId,
              signedAt: row.signedAt.toISOString(),
              ipAddress: row.ipAddress,
              userAgent: row.userAgent,
              codeSentTo: row.codeSentTo,
              codeVerifiedAt: row.codeVerifiedAt.toISOString(),
              words: row.words,
              documentSha256: row.documentSha256,
            },
          ];
        }),
      })),
      people: [...names].map(([personId, name]) => ({
        personId,
        name,
        membership: membershipOf(personId),
        acts: acts
          .filter((act) => act.personId === personId)
          .map((act) => ({
            act: act.act,
            words: act.words,
            givenAt: act.givenAt.toISOString(),
            ipAddress: act.ipAddress,
            userAgent: act.userAgent,
          })),
      })),
    };
  }

  /** The documents of `documents` every signatory signed and not sealed yet, with their signers. */
  function dueDocuments(documents: DocumentRow[], signed: SignatureRow[]) {
    return documents.flatMap((document) => {
      if (document.sealedAt) return [];
      const rows = document.signatories.map((signatory) =>
        signed.find((row) => row.documentId === document.id && row.personId === signatory.personId),
      );
      if (rows.some((row) => !row)) return [];
      const signers: SignedBy[] = document.signatories.map((signatory, index) => {
        const row = rows[index] as SignatureRow;
        return {
          ...signatory,
          signedAt: row.signedAt,
          codeSentTo: row.codeSentTo,
          codeVerifiedAt: row.codeVerifiedAt,
          documentSha256: row.documentSha256,
        };
      });
      return [{ document, signers }];
    });
  }

  /** In a transaction: the round's row, locked; the changes of a round queue there. */
  async function lockRound(tx: Transaction, roundId: string): Promise<RoundRow | undefined> {
    const [round] = await tx.select().from(signingRounds).where(eq(signingRounds.id, roundId)).for('update');
    return round;
  }

  /**
   * In the transaction that voided `roundIds`: the timeline says so and every signatory of those
   * rounds, and the founder, is mailed (why: the file changed, or the documents' wording did).
   */
  async function announceVoided(
    tx: Transaction,
    ownerId: string,
    roundIds: string[],
    reason: 'fileChanged' | 'documentsChanged',
  ) {
    if (roundIds.length === 0) return;
    const company = await companyOf(tx, ownerId);
    const documents = await tx
      .select({ signatories: signingDocuments.signatories })
      .from(signingDocuments)
      .where(inArray(signingDocuments.roundId, roundIds));
    const people = new Set(documents.flatMap((document) => document.signatories.map((s) => s.personId)));
    people.add(FOUNDER_PERSON_ID);
    for (const roundId of roundIds) await recordEvent(tx, ownerId, 'signingVoided', { key: roundId });
    for (const person of await recipients(tx, ownerId, people))
      await enqueueMail(
        tx,
        signingVoided({ ...person, company, url: signUrl(ownerId), reason }, brand),
        person.userId,
      );
  }

  /**
   * A document written again to be sealed is not the version read (a deploy changed a template or a
   * font): nothing is sealed, the round is voided, and everyone is told to prepare the documents again.
   */
  async function voidForChangedDocuments(roundId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const round = await lockRound(tx, roundId);
      if (round?.status !== 'open') return;
      await tx
        .update(signingRounds)
        .set({ status: 'voided', voidedAt: now(), voidedChanges: [], voidedReason: 'documentsChanged' })
        .where(eq(signingRounds.id, roundId));
      await announceVoided(tx, round.ownerId, [roundId], 'documentsChanged');
    });
  }

  /**
   * Seals each document of the round every signatory signed; completes the round when all are.
   *
   * Runs after the signature's own transaction committed: the documents are written and sealed with
   * no lock held (the seconds of rendering never hold the round), then each seal is stored under a
   * short lock of the round that checks it is still open and the document not sealed meanwhile (two
   * signatures at the same instant may both get here: the first stores its seal, the second's is
   * dropped). The completion likewise. Safe to run again: a document recorded as signed by everyone
   * but not sealed (a failure in between) is sealed at the next signature or reading of the round.
   */
  async function sealDue(roundId: string): Promise<void> {
    const [round] = await db.select().from(signingRounds).where(eq(signingRounds.id, roundId));
    if (round?.status !== 'open' || round.mode !== 'electronic') return;
    const { documents, signed } = await documentsOf(db, round.id);
    const company = await companyOf(db, round.ownerId);
    const createdAt = round.documentsDate.toISOString();
    for (const { document, signers } of dueDocuments(documents, signed)) {
      const request = {
        sku: document.sku as DocumentSku,
        data: round.data,
        format: 'pdf' as const,
        createdAt,
        ...declarantOf(document),
      };
      // The version they read, written again from the frozen answers and date: the very bytes, or
      // the templates changed since and what would be sealed is not what was signed.
      const again = produced(await renderer.file(request, round.ownerId)).body;
      if (sha256(again) !== document.sha256) {
        await voidForChangedDocuments(round.id);
        return;
      }
      // Then with its signature page.
      const withPage = produced(
        await renderer.file(
          {
            ...request,
            signaturePage: {
              signers: signers.map((signer) => ({
                personId: signer.personId,
                name: signer.name,
                role: signer.role,
                signedAt: signer.signedAt.toISOString(),
                // The page is read by everyone the document goes to: the address masked.
                codeSentTo: maskAddress(signer.codeSentTo),
                documentSha256: signer.documentSha256,
              })),
            },
          },
          round.ownerId,
        ),
      ).body;
      const sealedAt = now();
      const sealed = await tools.seal(withPage, {
        // The seal's /Reason, as a PDF reader shows it, in the document's language.
        reason: translator(languageOf(document.language))('documents:signed.reason', {
          names: signers.map((signer) => signer.name).join(', '),
        }),
        name: 'Kreo',
        location: typeof round.data.placeOfSignature === 'string' ? round.data.placeOfSignature : '',
        signingTime: sealedAt,
      });
      await db.transaction(async (tx) => {
        const locked = await lockRound(tx, round.id);
        if (locked?.status !== 'open') return;
        const [updated] = await tx
          .update(signingDocuments)
          .set({ sealedPdf: toBuffer(sealed.pdf), sealedSha256: sealed.signedSha256, sealedAt })
          .where(and(eq(signingDocuments.id, document.id), isNull(signingDocuments.sealedAt)))
          .returning({ id: signingDocuments.id });
        if (!updated) return;
        // The last one completes the round, whose mail says it all; the others are said one by one.
        const [unsealed] = await tx
          .select({ id: signingDocuments.id })
          .from(signingDocuments)
          .where(and(eq(signingDocuments.roundId, round.id), isNull(signingDocuments.sealedAt)))
          .limit(1);
        if (!unsealed) return;
        const concerned = [...document.signatories.map((s) => s.personId), FOUNDER_PERSON_ID];
        for (const person of await recipients(tx, round.ownerId, concerned))
          await enqueueMail(
            tx,
            signingDocumentSealed(
              { ...person, company, document: document.title, url: signUrl(round.ownerId) },
              brand,
            ),
            person.userId,
          );
      });
    }
    await completeIfSealed(round.id, company);
  }

  /** Once every document of the round is sealed: its evidence file (sealed too), and everyone told. */
  async function completeIfSealed(roundId: string, company: string): Promise<void> {
    const [round] = await db.select().from(signingRounds).where(eq(signingRounds.id, roundId));
    if (round?.status !== 'open') return;
    const { documents, signed } = await documentsOf(db, round.id);
    if (documents.length === 0 || documents.some((document) => document.sealedAt === null)) return;
    const completedAt = now();
    const language = languageOf(documents[0]?.language);
    const evidence = await evidenceOf(db, round, documents, signed, company, completedAt);
    // The evidence file is sealed too: a change to it shows as the documents' would.
    const written = await tools.evidence(evidence, language, round.ownerId);
    const { pdf } = await tools.seal(written, {
      reason: translator(language)('documents:signed.evidence.sealReason'),
      name: 'Kreo',
      location: '',
      signingTime: completedAt,
    });
    await db.transaction(async (tx) => {
      const locked = await lockRound(tx, round.id);
      if (locked?.status !== 'open') return;
      await tx
        .update(signingRounds)
        .set({ status: 'complete', completedAt, evidencePdf: toBuffer(pdf) })
        .where(eq(signingRounds.id, round.id));
      await recordEvent(tx, round.ownerId, 'signingComplete', { key: round.id });
      const everyone = new Set(documents.flatMap((document) => document.signatories.map((s) => s.personId)));
      everyone.add(FOUNDER_PERSON_ID);
      for (const person of await recipients(tx, round.ownerId, everyone))
        await enqueueMail(
          tx,
          signingPackSigned({ ...person, company, url: signUrl(round.ownerId) }, brand),
          person.userId,
        );
    });
  }

  return {
    readiness,

    async state(userId: string, ownerId: string): Promise<SigningState> {
      const access = await fileAccess(db, userId, ownerId);
      // A document signed by everyone but not sealed (the seal failed after the signature was
      // stored): sealed now.
      const round = await latestRound(db, ownerId);
      if (round?.status === 'open' && round.mode === 'electronic') {
        const { documents, signed } = await documentsOf(db, round.id);
        if (dueDocuments(documents, signed).length > 0) await sealDue(round.id);
      }
      return stateOf(access);
    },

    /** Freezes the submitted file, writes each document someone signs and mails its signatories. */
    async start(userId: string, ownerId: string): Promise<SigningState> {
      const access = await fileAccess(db, userId, ownerId);
      requireFounder(access, 'prepare the documents for signature');
      const reasons = await readiness(ownerId);
      if (reasons.length > 0)
        throw new SigningError(409, 'The documents cannot be signed yet', 'SIGNING_NOT_READY', reasons);
      const [file] = await db
        .select({ revision: companyFiles.submittedRevision })
        .from(companyFiles)
        .where(eq(companyFiles.userId, ownerId));
      const data = await deps.submittedData(ownerId);
      const form = data ? builder.formOf(data) : undefined;
      if (!data || !form || !file)
        throw new SigningError(409, 'Submit your company file first', 'SIGNING_NOT_READY', [
          { code: 'NOT_SUBMITTED' },
        ]);
      const digest = fileDigest(data);
      // A round of these very answers is being signed, or was: the page shows it (a changed file has
      // voided it already, through the submission).
      if (await liveRoundOf(db, ownerId, digest)) throw alreadyStarted();
      const mode = form.jurisdiction === 'RO' ? 'qualified' : 'electronic';
      const documentsDate = now();
      const createdAt = documentsDate.toISOString();
      const written: Omit<typeof signingDocuments.$inferInsert, 'roundId'>[] = [];
      // One after the other: a round never holds more than one of the pool's threads.
      for (const sku of plannedDocuments(data, await ownedDocuments(ownerId))) {
        const preview = JSON.parse(
          produced(await renderer.preview({ sku, data, withhold: false }, ownerId)),
        ) as { blocks: DocumentPreviewBlock[] };
        const signatories = tools.signatoriesOf(
          preview.blocks.filter((block): block is DocumentBlock => block.kind !== 'withheld'),
        );
        if (signatories.length === 0) continue;
        // A document of one declaration per manager: one document per declarant, their own only.
        const parts = PER_DECLARANT.includes(sku)
          ? signatories.map((signatory) => ({ only: signatory, signatories: [signatory] }))
          : [{ only: null, signatories }];
        for (const part of parts) {
          const file = produced(
            await renderer.file(
              {
                sku,
                data,
                format: 'pdf',
                createdAt,
                ...(part.only ? { onlyPersonId: part.only.personId } : {}),
                ...(mode === 'qualified' ? { qualifiedFields: part.signatories } : {}),
              },
              ownerId,
            ),
          );
          written.push({
            sku,
            title: part.only ? `${file.title} – ${part.only.name}` : file.title,
            language: form.filingLanguage,
            fileName: `${[
              file.fileName,
              part.only ? asciiSlug(part.only.name, 40) : '',
              asciiSlug(file.company),
            ]
              .filter(Boolean)
              .join('-')}.pdf`,
            rank: FIRST_RANK.includes(sku) ? 1 : 2,
            signatories: part.signatories,
            pdf: toBuffer(file.body),
            sha256: sha256(file.body),
          });
        }
      }
      if (written.length === 0)
        throw new SigningError(409, 'No document of this file is signed by anyone', 'SIGNING_NOT_READY', [
          { code: 'NO_DOCUMENT' },
        ]);
      await db.transaction(async (tx) => {
        // The file's row first: a submission meanwhile would have made these documents stale.
        const [current] = await tx
          .select({ revision: companyFiles.submittedRevision })
          .from(companyFiles)
          .where(eq(companyFiles.userId, ownerId))
          .for('update');
        if (current?.revision !== file.revision)
          throw new SigningError(409, 'The company file changed meanwhile: start again', 'FILE_CHANGED');
        // Another start of the same answers, meanwhile (the file's row lock orders the two).
        if (await liveRoundOf(tx, ownerId, digest)) throw alreadyStarted();
        // Signed in Kreo (France): each person the documents name as signing needs their account on
        // the file, or the round could never complete.
        if (mode === 'electronic') {
          const signing = [
            ...new Set(written.flatMap((document) => document.signatories.map((s) => s.personId))),
          ];
          const missing = await notJoined(tx, ownerId, signing);
          if (missing.length > 0)
            throw new SigningError(
              409,
              'Someone who signs the documents has not joined the file',
              'SIGNING_NOT_READY',
              missing.map((personId) => ({ code: 'SIGNATORY_NOT_JOINED', personId })),
            );
        }
        await tx
          .update(signingRounds)
          .set({ status: 'voided', voidedAt: now(), voidedChanges: [] })
          .where(and(eq(signingRounds.ownerId, ownerId), eq(signingRounds.status, 'open')));
        const [round] = await tx
          .insert(signingRounds)
          .values({ ownerId, mode, status: 'open', digest, data, documentsDate })
          .returning({ id: signingRounds.id });
        if (!round) throw new Error('the signing round was not stored');
        await tx
          .insert(signingDocuments)
          .values(written.map((document) => ({ ...document, roundId: round.id })));
        const company = await companyOf(tx, ownerId);
        const founder = await accountOf(tx, ownerId);
        const people = await recipients(
          tx,
          ownerId,
          written.flatMap((document) => document.signatories.map((signatory) => signatory.personId)),
        );
        for (const person of people)
          await enqueueMail(
            tx,
            documentsToSign(
              {
                ...person,
                company,
                founder: founder?.firstname ?? '',
                documents: written
                  .filter((document) => document.signatories.some((s) => s.personId === person.personId))
                  .map((document) => document.title),
                qualified: mode === 'qualified',
                url: signUrl(ownerId),
              },
              brand,
            ),
            person.userId,
          );
      });
      return stateOf(access);
    },

    /** The PDF of a document of the newest rounds: the sealed one once sealed. */
    async pdf(userId: string, ownerId: string, documentId: string) {
      const access = await fileAccess(db, userId, ownerId);
      const [row] = await db
        .select({ document: signingDocuments, round: signingRounds })
        .from(signingDocuments)
        .innerJoin(signingRounds, eq(signingRounds.id, signingDocuments.roundId))
        .where(and(eq(signingDocuments.id, documentId), eq(signingRounds.ownerId, ownerId)));
      const mine =
        row &&
        (access.role === 'founder' || row.document.signatories.some((s) => s.personId === access.personId));
      if (!row || !mine) throw new SigningError(404, 'No such document');
      const { document } = row;
      return {
        filename: document.fileName,
        body: document.sealedPdf ?? document.pdf,
      };
    },

    /** The document as the signing page shows it, from the round's frozen answers. */
    async preview(userId: string, ownerId: string, documentId: string, language?: ServerLanguage) {
      const access = await fileAccess(db, userId, ownerId);
      const [row] = await db
        .select({
          sku: signingDocuments.sku,
          signatories: signingDocuments.signatories,
          data: signingRounds.data,
        })
        .from(signingDocuments)
        .innerJoin(signingRounds, eq(signingRounds.id, signingDocuments.roundId))
        .where(and(eq(signingDocuments.id, documentId), eq(signingRounds.ownerId, ownerId)));
      if (!row || (access.role !== 'founder' && !row.signatories.some((s) => s.personId === access.personId)))
        throw new SigningError(404, 'No such document');
      if (deps.limits?.previews)
        await deps.limits.limiter.enforce(`account:documents-previews:${userId}`, deps.limits.previews);
      return produced(
        await renderer.preview(
          {
            sku: row.sku as DocumentSku,
            data: row.data,
            withhold: false,
            ...declarantOf(row),
            ...(language ? { language } : {}),
          },
          userId,
        ),
      );
    },

    /** Mails the caller a code that signs `documentIds`. */
    async sendCode(userId: string, ownerId: string, documentIds: string[]) {
      const access = await fileAccess(db, userId, ownerId);
      const round = openElectronic(await latestRound(db, ownerId));
      const { documents, signed } = await documentsOf(db, round.id);
      const chosen = signable(access, round, documents, signed, documentIds);
      if (deps.limits)
        await deps.limits.limiter.enforce(`account:signing-codes:${userId}`, deps.limits.codes);
      const account = await accountOf(db, userId);
      if (!account) throw new FileAccessError(404, 'No company file here');
      const code = newCode();
      const expiresAt = new Date(now().getTime() + CODE_LIFETIME_MS);
      // Stored in full (the evidence file names the address that identifies the signatory); the
      // page shows it masked.
      const sentTo = account.to;
      const company = await companyOf(db, ownerId);
      await db.transaction(async (tx) => {
        await tx.insert(signingCodes).values({
          roundId: round.id,
          userId,
          personId: access.personId,
          documentIds: chosen.map((document) => document.id),
          codeHash: hashCode(key, round.id, userId, code),
          sentTo,
          expiresAt,
        });
        await enqueueMail(
          tx,
          signingCode(
            { ...account, company, code, documents: chosen.map((document) => document.title) },
            brand,
          ),
          userId,
        );
      });
      return { sentTo: maskAddress(sentTo), expiresAt: expiresAt.toISOString() };
    },

    /** Signs `documentIds` with the mailed code; seals what every signatory signed. */
    async sign(
      userId: string,
      ownerId: string,
      input: { documentIds: string[]; code: string; language: ServerLanguage },
      client: { ip: string | null; userAgent: string | null },
    ): Promise<SigningState> {
      const access = await fileAccess(db, userId, ownerId);
      const first = openElectronic(await latestRound(db, ownerId));
      {
        const { documents, signed } = await documentsOf(db, first.id);
        signable(access, first, documents, signed, input.documentIds);
      }
      const [code] = await db
        .select()
        .from(signingCodes)
        .where(
          and(
            eq(signingCodes.roundId, first.id),
            eq(signingCodes.userId, userId),
            isNull(signingCodes.usedAt),
          ),
        )
        .orderBy(desc(signingCodes.createdAt))
        .limit(1);
      if (!code) throw new SigningError(400, 'Ask for a code first', 'CODE_INVALID');
      if (code.expiresAt <= now())
        throw new SigningError(400, 'This code has expired: ask for a new one', 'CODE_EXPIRED');
      // The attempt counts before the code is compared: parallel guesses cannot pass the limit.
      const [tried] = await db
        .update(signingCodes)
        .set({ attempts: sql`${signingCodes.attempts} + 1` })
        .where(
          and(
            eq(signingCodes.id, code.id),
            isNull(signingCodes.usedAt),
            lt(signingCodes.attempts, CODE_MAX_ATTEMPTS),
          ),
        )
        .returning({ attempts: signingCodes.attempts });
      if (!tried) throw new SigningError(400, 'Too many wrong codes: ask for a new one', 'CODE_INVALID');
      if (!codeMatches(key, first.id, userId, input.code, code.codeHash)) {
        const left = CODE_MAX_ATTEMPTS - tried.attempts;
        throw new SigningError(
          400,
          left > 0
            ? `This code is wrong (${left} ${left === 1 ? 'attempt' : 'attempts'} left)`
            : 'This code is wrong, and was the last attempt: ask for a new one',
          'CODE_INVALID',
          undefined,
          Math.max(left, 0),
        );
      }
      if (!input.documentIds.every((id) => code.documentIds.includes(id)))
        throw new SigningError(
          400,
          'This code was sent for other documents: ask for a new one',
          'CODE_INVALID',
        );

      await db.transaction(async (tx) => {
        // The round's row first: two signatures at the same instant queue here.
        const round = await lockRound(tx, first.id);
        if (!round || round.status !== 'open')
          throw new SigningError(
            409,
            'The company file changed: these signatures were voided',
            'SIGNING_VOIDED',
          );
        const [used] = await tx
          .update(signingCodes)
          .set({ usedAt: now() })
          .where(and(eq(signingCodes.id, code.id), isNull(signingCodes.usedAt)))
          .returning({ id: signingCodes.id });
        if (!used)
          throw new SigningError(400, 'This code was used already: ask for a new one', 'CODE_INVALID');
        const { documents, signed } = await documentsOf(tx, round.id);
        const chosen = signable(access, round, documents, signed, input.documentIds);
        const signatory = chosen[0]?.signatories.find((s) => s.personId === access.personId);
        const t = translator(input.language);
        const words = t('legal-acts:consent.sign', {
          name: signatory?.name ?? '',
          documents: chosen.map((document) => document.title).join(', '),
        });
        const verifiedAt = now();
        for (const document of chosen) {
          await tx.insert(signatures).values({
            documentId: document.id,
            personId: access.personId,
            userId,
            words,
            language: input.language,
            documentSha256: document.sha256,
            codeSentTo: code.sentTo,
            codeVerifiedAt: verifiedAt,
            ipAddress: client.ip,
            userAgent: client.userAgent?.slice(0, 500) ?? null,
          });
          await recordEvent(tx, ownerId, 'documentSigned', {
            key: `${document.id}:${access.personId}`,
            details: {
              personId: access.personId,
              personName:
                document.signatories.find((s) => s.personId === access.personId)?.name ??
                signatory?.name ??
                '',
              documentSku: document.sku,
            },
          });
        }
      });
      // The signatures are stored; the seals are made after, out of the signature's lock.
      await sealDue(first.id);
      return stateOf(access);
    },

    /** The evidence file of the newest complete round. */
    async evidence(userId: string, ownerId: string) {
      const access = await fileAccess(db, userId, ownerId);
      const round = await latestRound(db, access.ownerId);
      const documents = round
        ? await db
            .select({ language: signingDocuments.language, signatories: signingDocuments.signatories })
            .from(signingDocuments)
            .where(eq(signingDocuments.roundId, round.id))
        : [];
      // It names each signatory's address, IP and browser: the founder's and the signatories' only.
      const mine =
        access.role === 'founder' ||
        documents.some((document) => document.signatories.some((s) => s.personId === access.personId));
      if (!mine) throw new SigningError(404, 'No evidence file for this account');
      if (!round?.evidencePdf || round.status !== 'complete')
        throw new SigningError(409, 'Every document must be signed first', 'SIGNING_NOT_COMPLETE');
      const language = languageOf(documents[0]?.language);
      return { filename: EVIDENCE_FILE_NAMES[language], body: round.evidencePdf };
    },

    /**
     * In the transaction that voided `roundIds` (a submission with changes): the timeline says so and
     * every signatory of those rounds, and the founder, is mailed.
     */
    async roundsVoided(tx: Transaction, ownerId: string, roundIds: string[]) {
      await announceVoided(tx, ownerId, roundIds, 'fileChanged');
    },

    /**
     * The complete round whose answers are the submitted file's (the pack and the documents page show
     * its signed documents), or null.
     */
    async signedPack(ownerId: string, data: Record<string, unknown>) {
      const [round] = await db
        .select()
        .from(signingRounds)
        .where(
          and(
            eq(signingRounds.ownerId, ownerId),
            eq(signingRounds.status, 'complete'),
            eq(signingRounds.digest, fileDigest(data)),
          ),
        )
        .orderBy(desc(signingRounds.startedAt))
        .limit(1);
      if (!round?.evidencePdf || !round.completedAt) return null;
      const documents = await db
        .select()
        .from(signingDocuments)
        .where(eq(signingDocuments.roundId, round.id))
        .orderBy(asc(signingDocuments.rank), asc(signingDocuments.fileName));
      const language = isServerLanguage(documents[0]?.language)
        ? (documents[0]?.language as ServerLanguage)
        : 'fr';
      return {
        roundId: round.id,
        completedAt: round.completedAt,
        evidence: { fileName: EVIDENCE_FILE_NAMES[language], body: round.evidencePdf },
        documents: documents.flatMap((document) =>
          document.sealedPdf && document.sealedAt
            ? [
                {
                  id: document.id,
                  sku: document.sku as DocumentSku,
                  title: document.title,
                  fileName: document.fileName,
                  sealedAt: document.sealedAt,
                  body: document.sealedPdf,
                },
              ]
            : [],
        ),
      };
    },
  };
}

export type SigningService = ReturnType<typeof createSigningService>;

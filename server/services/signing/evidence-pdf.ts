/**
 * The evidence file of a signing round, a PDF/A-2b of its own ("Certificat de signature"): the
 * company, the round, each document (its title, the SHA-256 of the version read, the SHA-256 of the
 * sealed bytes, when it was sealed), each signature (who, in which capacity, the account, when, from
 * which address and browser, where the one-time code went and when it was checked, the words accepted),
 * each person's acts on the round's answers and their access to the file (the invitation's address,
 * when they were invited and joined; the founder's account), the seal's certificate, and what such a
 * signature is worth (`legal-acts:legalLevel.*`, the legal words). Written by the documents' PDF engine
 * (pdf-writer.ts), with its fonts and PDF/A metadata; the signing service then seals it (sealPdf).
 *
 * The addresses are printed in full: they identify the signatories. The file goes to the founder and
 * the round's signatories only (rounds.ts); the pages and mails others read mask them.
 */
import { translator } from '../i18n';
import { printableText, writePdfFile, type PdfBlock } from '../documents/pdf-writer';
import { utcDateTime } from '../documents/write-document';

export type EvidenceLanguage = 'fr' | 'en' | 'ro';

/** One signatory's signature of one document (the `signatures` table's line). */
export interface EvidenceSignature {
  personId: string;
  /** As the document prints it. */
  name: string;
  /** The capacity the document prints ("Associée, présidente"). */
  role: string;
  /** The Kreo account that signed (its id, recorded at signing; null once that account is deleted). */
  accountId: string | null;
  /** ISO 8601. */
  signedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  /** The full address the one-time code went to, recorded when it was sent. */
  codeSentTo: string;
  /** ISO 8601. */
  codeVerifiedAt: string;
  /** The consent words shown next to the button, as accepted (`legal-acts:consent.sign`). */
  words: string;
  /** SHA-256 of the version read and signed. */
  documentSha256: string;
}

export interface EvidenceDocument {
  sku: string;
  title: string;
  fileName: string;
  /** SHA-256 of the version read (before the signature page and the seal). */
  sha256: string;
  /** SHA-256 of the byte ranges the seal covers (sealPdf's `signedSha256`). */
  sealedSha256: string;
  /** ISO 8601. */
  sealedAt: string;
  signatures: EvidenceSignature[];
}

/** An act a person gave on the round's answers (a file_acts row whose digest is the round's). */
export interface EvidenceAct {
  act: 'acceptAppointment' | 'honourStatement' | 'approveFile';
  /** The words shown and accepted, as recorded. */
  words: string;
  /** ISO 8601. */
  givenAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** How a person reached the file: the founder owns it; a co-founder was invited, then joined. */
export type EvidenceMembership =
  | { founder: true; accountId: string }
  | {
      founder: false;
      /** The address the invitation went to. */
      invitedEmail: string;
      /** ISO 8601. */
      invitedAt: string;
      /** ISO 8601, or null (never joined). */
      joinedAt: string | null;
      accountId: string | null;
    };

/** A signatory (or a person who gave an act on the answers), their access to the file and their acts. */
export interface EvidencePerson {
  personId: string;
  name: string;
  /** Null: no invitation on record (an account removed from the file since). */
  membership: EvidenceMembership | null;
  acts: EvidenceAct[];
}

/** What the signing flow hands over when a round is complete. */
export interface SigningEvidence {
  jurisdiction: 'FR' | 'RO';
  /** The company's name with its form ("Boulangerie Dupont SAS"). */
  company: string;
  roundId: string;
  /** The digest of the submitted answers the round froze (fileDigest). */
  fileDigest: string;
  /** ISO 8601. */
  startedAt: string;
  /** ISO 8601: also the evidence file's own date, so that the same round gives the same file. */
  completedAt: string;
  documents: EvidenceDocument[];
  /** Each person, in the order they first sign. */
  people: EvidencePerson[];
  /** The seal's certificate (SealKey's subject, fingerprintSha256, development). */
  seal: { subject: string; fingerprintSha256: string; development?: boolean };
}

/** `pierre.martin@example.com` → `p***@example.com`: enough to recognise one's own address, not to read it. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

/** The blocks with every text printable (a user agent may hold any character; PDF/A wants no empty box). */
const printableBlocks = (blocks: PdfBlock[]): PdfBlock[] =>
  blocks.map((block) => {
    switch (block.kind) {
      case 'labelled':
        return { ...block, label: printableText(block.label), value: printableText(block.value) };
      case 'title':
      case 'subtitle':
      case 'heading':
      case 'paragraph':
      case 'note':
        return { ...block, text: printableText(block.text) };
      default:
        return block;
    }
  });

export function evidenceBlocks(evidence: SigningEvidence, language: EvidenceLanguage): PdfBlock[] {
  const t = translator(language);
  const w = (key: string, options?: Record<string, unknown>) =>
    t(`documents:signed.evidence.${key}`, options);
  const labelled = (label: string, value: string, code = false): PdfBlock => ({
    kind: 'labelled',
    label: w(label),
    value,
    code,
  });
  const orNotRecorded = (value: string | null) => (value && value.trim() !== '' ? value : w('notRecorded'));
  const blocks: PdfBlock[] = [
    { kind: 'title', text: w('title') },
    { kind: 'subtitle', text: w('subtitle', { company: evidence.company }) },
    { kind: 'paragraph', text: w('intro') },
    labelled('round', evidence.roundId),
    labelled('fileDigest', evidence.fileDigest, true),
    labelled('startedAt', utcDateTime(evidence.startedAt)),
    labelled('completedAt', utcDateTime(evidence.completedAt)),
    { kind: 'heading', level: 2, text: w('documents') },
  ];
  for (const document of evidence.documents) {
    blocks.push(
      { kind: 'heading', level: 3, text: document.title },
      labelled('file', document.fileName),
      labelled('documentSha256', document.sha256, true),
      labelled('sealedSha256', document.sealedSha256, true),
      labelled('sealedAt', utcDateTime(document.sealedAt)),
    );
    for (const signature of document.signatures)
      blocks.push(
        { kind: 'heading', level: 3, text: w('signatory', { name: signature.name, role: signature.role }) },
        labelled('account', signature.accountId ?? w('accountDeleted'), signature.accountId !== null),
        labelled('signedAt', utcDateTime(signature.signedAt)),
        labelled('ip', orNotRecorded(signature.ipAddress)),
        labelled('userAgent', orNotRecorded(signature.userAgent)),
        labelled('codeSentTo', signature.codeSentTo),
        labelled('codeVerifiedAt', utcDateTime(signature.codeVerifiedAt)),
        labelled('documentSha256', signature.documentSha256, true),
        labelled('words', w('quoted', { words: signature.words })),
      );
  }
  blocks.push({ kind: 'heading', level: 2, text: w('people') });
  for (const person of evidence.people) {
    blocks.push({ kind: 'heading', level: 3, text: person.name });
    const membership = person.membership;
    if (!membership) blocks.push(labelled('membership', w('noMembership')));
    else if (membership.founder)
      blocks.push(
        labelled('membership', w('membershipFounder')),
        labelled('account', membership.accountId, true),
      );
    else
      blocks.push(
        labelled('membership', w('membershipInvited')),
        labelled('invitedEmail', membership.invitedEmail),
        labelled('invitedAt', utcDateTime(membership.invitedAt)),
        labelled('joinedAt', membership.joinedAt ? utcDateTime(membership.joinedAt) : w('notRecorded')),
        labelled('account', membership.accountId ?? w('accountDeleted'), membership.accountId !== null),
      );
    if (person.acts.length === 0) blocks.push({ kind: 'note', text: w('noActs') });
    for (const act of person.acts)
      blocks.push(
        {
          kind: 'paragraph',
          text: w('act', { act: t(`legal-acts:acts.${act.act}.${evidence.jurisdiction}.title`) }),
        },
        labelled('actGivenAt', utcDateTime(act.givenAt)),
        labelled('ip', orNotRecorded(act.ipAddress)),
        labelled('userAgent', orNotRecorded(act.userAgent)),
        labelled('words', w('quoted', { words: act.words })),
      );
  }
  blocks.push(
    { kind: 'heading', level: 2, text: w('seal') },
    labelled('sealSubject', evidence.seal.subject.replace(/\n/g, ', ')),
    labelled('sealFingerprint', evidence.seal.fingerprintSha256, true),
    { kind: 'paragraph', text: w('sealVerify') },
    { kind: 'paragraph', text: w('sealSelf') },
  );
  if (evidence.seal.development) blocks.push({ kind: 'note', text: w('developmentSeal') });
  // The legal words are the legal helper's (locales/*/legal-acts.json), the same the signing page shows.
  blocks.push(
    { kind: 'heading', level: 2, text: w('legalLevel') },
    { kind: 'paragraph', text: t(`legal-acts:legalLevel.${evidence.jurisdiction}.body`) },
    { kind: 'note', text: t(`legal-acts:legalLevel.${evidence.jurisdiction}.sources`) },
  );
  return printableBlocks(blocks);
}

/** The evidence file of a complete round, in `language`: a PDF/A-2b. */
export async function renderEvidencePdf(
  evidence: SigningEvidence,
  language: EvidenceLanguage,
): Promise<Uint8Array> {
  const t = translator(language);
  const title = t('documents:signed.evidence.title');
  const pdf = await writePdfFile(
    {
      title: `${title} · ${evidence.company}`,
      footerTitle: `${title} · ${evidence.company}`,
      language,
      createdAt: new Date(evidence.completedAt),
      blocks: evidenceBlocks(evidence, language),
      subject: `${title} · ${evidence.company} · ${evidence.roundId}`,
      keywords: `signing round ${evidence.roundId}; answers sha256 ${evidence.fileDigest}`,
      creator: 'Kreo electronic signature',
      custom: { SigningRound: evidence.roundId, AnswersSHA256: evidence.fileDigest },
    },
    {
      page: (page, pages) => t('legal-documents:footer.page', { page, pages }),
      reference: t('legal-documents:footer.reference', { reference: evidence.roundId.slice(0, 8) }),
    },
  );
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

/**
 * The evidence file of a signing round, a PDF/A-2b of its own ("Certificat de signature"): the
 * company, the round, each document (its title, the SHA-256 of the version read, the SHA-256 of the
 * sealed bytes, when it was sealed), each signature (who, in which capacity, the account, when, from
 * which address and browser, where the one-time code went and when it was checked, the words accepted),
 * the seal's certificate, and what such a signature is worth (`legal-acts:legalLevel.*`, the legal
 * words). Written by the documents' PDF engine (pdf-writer.ts), with its fonts and PDF/A metadata.
 */
import { translator } from '../i18n';
import { writePdfFile, type PdfBlock } from '../documents/pdf-writer';
import { utcDateTime } from '../documents/write-document';

export type EvidenceLanguage = 'fr' | 'en' | 'ro';

/** One signatory's signature of one document (the `signatures` table's line). */
export interface EvidenceSignature {
  personId: string;
  /** As the document prints it. */
  name: string;
  /** The capacity the document prints ("Associée, présidente"). */
  role: string;
  /** The Kreo account's address (printed masked). */
  accountEmail: string;
  /** ISO 8601. */
  signedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  /** Where the one-time code went (printed masked). */
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
  /** The seal's certificate (SealKey's subject, fingerprintSha256, development). */
  seal: { subject: string; fingerprintSha256: string; development?: boolean };
}

/** `pierre.martin@example.com` → `p***@example.com`: enough to recognise one's own address, not to read it. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

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
        labelled('account', maskEmail(signature.accountEmail)),
        labelled('signedAt', utcDateTime(signature.signedAt)),
        labelled('ip', orNotRecorded(signature.ipAddress)),
        labelled('userAgent', orNotRecorded(signature.userAgent)),
        labelled('codeSentTo', maskEmail(signature.codeSentTo)),
        labelled('codeVerifiedAt', utcDateTime(signature.codeVerifiedAt)),
        labelled('documentSha256', signature.documentSha256, true),
        labelled('words', w('quoted', { words: signature.words })),
      );
  }
  blocks.push(
    { kind: 'heading', level: 2, text: w('seal') },
    labelled('sealSubject', evidence.seal.subject.replace(/\n/g, ', ')),
    labelled('sealFingerprint', evidence.seal.fingerprintSha256, true),
    { kind: 'paragraph', text: w('sealVerify') },
  );
  if (evidence.seal.development) blocks.push({ kind: 'note', text: w('developmentSeal') });
  // The legal words are the legal helper's (locales/*/legal-acts.json), the same the signing page shows.
  blocks.push(
    { kind: 'heading', level: 2, text: w('legalLevel') },
    { kind: 'paragraph', text: t(`legal-acts:legalLevel.${evidence.jurisdiction}.body`) },
    { kind: 'note', text: t('legal-acts:legalLevel.sources') },
  );
  return blocks;
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

/**
 * The electronic seal of a signed document: a PAdES signature (ETSI EN 319 142-1, baseline B-B) made
 * with Kreo's seal key (seal-key.ts) over the whole file, so that any later change shows in every PDF
 * reader and in `pdfsig`.
 *
 * @signpdf/placeholder-plain appends the signature dictionary as an incremental update and
 * @signpdf/signpdf fills it in; the CMS itself is written here rather than by @signpdf/signer-p12:
 * that signer writes an `adbe.pkcs7.detached` signature whose signed attributes are fixed
 * (contentType, signingTime, messageDigest), while PAdES (`ETSI.CAdES.detached`) needs the
 * signing-certificate-v2 attribute (RFC 5035; EN 319 142-1, 5.2.2.2) and wants no signing-time
 * attribute (the claimed time is the dictionary's /M, 5.2.3). So the subfilter is
 * `ETSI.CAdES.detached`, with contentType, messageDigest and signingCertificateV2 signed.
 *
 * `verifySealedPdf` checks a sealed file in node alone (the tests also ask poppler's `pdfsig`).
 */
import { X509Certificate, createHash, createPrivateKey, sign, verify } from 'node:crypto';
import forge from 'node-forge';
import { SignPdf } from '@signpdf/signpdf';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { SealKey } from './seal-key';

export interface SealInfo {
  /** Why the document is sealed ("Signed by its signatories on Kreo"). */
  reason: string;
  /** Who seals: the seal's name ("Kreo"). */
  name: string;
  location: string;
  /** The seal's claimed time (the signature dictionary's /M). */
  signingTime: Date | string;
  contactInfo?: string;
}

export type ByteRange = [number, number, number, number];

export interface SealedPdf {
  pdf: Uint8Array;
  /** SHA-256 (hex) of the two signed byte ranges: everything but the signature's value. */
  signedSha256: string;
  byteRange: ByteRange;
}

/** Room for the CMS (bytes): the certificate and its chain, with ample margin. */
const SIGNATURE_LENGTH = 16_384;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;
const UNIVERSAL = asn1.Class.UNIVERSAL;
const CONTEXT = asn1.Class.CONTEXT_SPECIFIC;
const sequence = (items: Asn1[]) => asn1.create(UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const set = (items: Asn1[]) => asn1.create(UNIVERSAL, asn1.Type.SET, true, items);
const oid = (value: string) => asn1.create(UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
const octets = (bytes: Buffer) =>
  asn1.create(UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const integer = (value: number) =>
  asn1.create(UNIVERSAL, asn1.Type.INTEGER, false, String.fromCharCode(value));
const nothing = () => asn1.create(UNIVERSAL, asn1.Type.NULL, false, '');
const algorithm = (id: string) => sequence([oid(id), nothing()]);
const der = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const fromDer = (bytes: Buffer) => asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
const pemBody = (pem: string) => Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');

/** The issuer and serial number of a certificate, as its own bytes hold them (no re-encoding). */
function issuerAndSerial(certificateDer: Buffer): { issuer: Asn1; serial: Asn1 } {
  const tbs = (fromDer(certificateDer).value as Asn1[])[0];
  const fields = (tbs?.value ?? []) as Asn1[];
  const start = fields[0]?.tagClass === CONTEXT ? 1 : 0;
  const serial = fields[start];
  const issuer = fields[start + 2];
  if (!serial || !issuer) throw new Error('Unreadable seal certificate');
  return { issuer, serial };
}

/** A signed attribute (RFC 5652, 5.3): its type and one value. */
const attribute = (type: string, value: Asn1) => sequence([oid(type), set([value])]);

/** CAdES' signing-certificate-v2 (RFC 5035): the SHA-256 of the seal's certificate, its issuer and serial. */
function signingCertificateV2(certificateDer: Buffer): Asn1 {
  const { issuer, serial } = issuerAndSerial(certificateDer);
  const hash = createHash('sha256').update(certificateDer).digest();
  // hashAlgorithm is left out: SHA-256 is its DEFAULT, which DER omits.
  const issuerSerial = sequence([
    sequence([asn1.create(CONTEXT, 4, true, [issuer])]), // GeneralNames: directoryName [4]
    serial,
  ]);
  return sequence([sequence([sequence([octets(hash), issuerSerial])])]);
}

/** DER's SET OF: its elements in the order of their encodings (X.690, 11.6). */
function derSet(items: Asn1[]): Asn1[] {
  return items
    .map((item) => ({ item, bytes: der(item) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ item }) => item);
}

/** The CMS SignedData (detached) of `content` with the seal key: a CAdES-B signature. */
export function cadesSignature(content: Buffer, key: SealKey): Buffer {
  const certificateDer = pemBody(key.certificatePem);
  const { issuer, serial } = issuerAndSerial(certificateDer);
  const attributes = derSet([
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(createHash('sha256').update(content).digest())),
    attribute(OID.signingCertificateV2, signingCertificateV2(certificateDer)),
  ]);
  // What is signed is the attributes' DER as a SET (RFC 5652, 5.4); they are sent as [0] IMPLICIT.
  const signature = sign('sha256', der(set(attributes)), createPrivateKey(key.privateKeyPem));
  const signerInfo = sequence([
    integer(1),
    sequence([issuer, serial]),
    algorithm(OID.sha256),
    asn1.create(CONTEXT, 0, true, attributes),
    algorithm(OID.rsaEncryption),
    octets(signature),
  ]);
  const certificates = [certificateDer, ...key.chainPem.map(pemBody)].map(fromDer);
  const signedData = sequence([
    integer(1),
    set([algorithm(OID.sha256)]),
    sequence([oid(OID.data)]),
    asn1.create(CONTEXT, 0, true, certificates),
    set([signerInfo]),
  ]);
  return der(sequence([oid(OID.signedData), asn1.create(CONTEXT, 0, true, [signedData])]));
}

class SealSigner extends Signer {
  constructor(private readonly key: SealKey) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return cadesSignature(pdfBuffer, this.key);
  }
}

/** The last /ByteRange of a file and its signature's bytes (/Contents, its hex decoded). */
function lastSignature(pdf: Buffer): { byteRange: ByteRange; contents: Buffer } | null {
  const text = pdf.toString('latin1');
  const matches = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const match = matches.at(-1);
  if (!match) return null;
  const byteRange = match.slice(1, 5).map(Number) as ByteRange;
  const [, length, second] = byteRange;
  const hex = text.slice(length, second);
  if (!/^<[0-9A-Fa-f\s]*>$/.test(hex)) return null;
  return { byteRange, contents: Buffer.from(hex.slice(1, -1).replace(/\s/g, ''), 'hex') };
}

/** SHA-256 (hex) of the two ranges a /ByteRange names. */
export function byteRangeSha256(pdf: Uint8Array, [start, length, second, secondLength]: ByteRange): string {
  return createHash('sha256')
    .update(pdf.subarray(start, start + length))
    .update(pdf.subarray(second, second + secondLength))
    .digest('hex');
}

/**
 * The incremental update placeholder-plain appends, rewritten before it is signed: its objects are
 * kept, and
 * - the seal's widget (an invisible field, Rect [0 0 0 0]) gets an empty appearance stream: PDF/A-2
 *   wants one on every annotation but Popup and Link (ISO 19005-2, 6.3.3);
 * - its trailer carries the file's /ID, which PDF/A wants in the last trailer (6.1.3);
 * - its cross-reference table is written anew, and `startxref` points at it (placeholder-plain's
 *   counts one byte short, the line break before the table).
 */
function mendUpdate(original: Buffer, updated: Buffer, strings: Record<string, string> = {}): Buffer {
  let text = updated.toString('latin1');
  // The texts of the signature dictionary, as PDF text strings (placeholder-plain writes a text
  // beyond ASCII as UTF-8 of its UTF-16 bytes, which no reader decodes): see `textString`.
  for (const [marker, value] of Object.entries(strings))
    text = text.replace(`(${marker})`, textString(value));
  const xrefAt = text.lastIndexOf('\nxref\n');
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const value = (key: string) => new RegExp(`/${key}\\s+(\\d+(?:\\s+\\d+\\s+R)?)`).exec(trailer)?.[1];
  const size = Number(value('Size'));
  const root = value('Root');
  const info = value('Info');
  const previous = value('Prev');
  if (xrefAt < 0 || !size || !root || !previous) throw new Error('Unreadable signature placeholder');
  const id = /\/ID\s*\[\s*<[0-9A-Fa-f]*>\s*<[0-9A-Fa-f]*>\s*\]/.exec(
    original.toString('latin1', original.lastIndexOf('trailer')),
  )?.[0];
  // The update's objects, from the end of the original file to the table.
  const updateStart = text.indexOf('%%EOF', original.lastIndexOf('%%EOF')) + 5;
  let body = text.slice(updateStart, xrefAt + 1);
  const appearance = size;
  body = body.replace(
    /(\n\d+ 0 obj\n<<\n)(\/Type \/Annot\n\/Subtype \/Widget\n\/FT \/Sig\n)/,
    `$1/AP <<\n/N ${appearance} 0 R\n>>\n$2`,
  );
  if (!body.includes(`/N ${appearance} 0 R`)) throw new Error('The signature placeholder has no widget');
  body += `\n${appearance} 0 obj\n<<\n/Type /XObject\n/Subtype /Form\n/BBox [0 0 0 0]\n/Length 0\n>>\nstream\n\nendstream\nendobj\n`;
  const head = text.slice(0, updateStart);
  const offsets = [...body.matchAll(/\n(\d+) 0 obj\n/g)]
    .map((match) => ({ number: Number(match[1]), offset: head.length + (match.index ?? 0) + 1 }))
    .sort((a, b) => a.number - b.number);
  const table = [
    'xref',
    '0 1',
    '0000000000 65535 f ',
    ...offsets.flatMap(({ number, offset }) => [
      `${number} 1`,
      `${String(offset).padStart(10, '0')} 00000 n `,
    ]),
  ].join('\n');
  const xref = head.length + body.length;
  const trailerEntries = [
    `/Size ${appearance + 1}`,
    `/Root ${root}`,
    ...(info ? [`/Info ${info}`] : []),
    `/Prev ${previous}`,
    ...(id ? [id] : []),
  ];
  return Buffer.from(
    `${head}${body}${table}\ntrailer\n<<\n${trailerEntries.join('\n')}\n>>\nstartxref\n${xref}\n%%EOF\n`,
    'latin1',
  );
}

/** Markers placeholder-plain writes in place of the dictionary's texts, replaced by `mendUpdate`. */
const REASON_MARKER = 'KreoSealReasonMarker';
const LOCATION_MARKER = 'KreoSealLocationMarker';

/**
 * A PDF text string (ISO 32000-1, 7.9.2.2): printable ASCII as a literal string, anything else as
 * UTF-16BE with its byte order mark, in hex — "Signé électroniquement…" reads as written.
 */
export function textString(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value) && !/[()\\]/.test(value)) return `(${value})`;
  return `<${Buffer.from(`\ufeff${value}`, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
}

/** Seals `pdf` with `key`: a PAdES signature over the whole file, as an incremental update. */
export async function sealPdf(pdf: Uint8Array, key: SealKey, info: SealInfo): Promise<SealedPdf> {
  const original = Buffer.from(pdf);
  const signingTime = new Date(info.signingTime);
  const withPlaceholder = mendUpdate(
    original,
    plainAddPlaceholder({
      pdfBuffer: original,
      reason: REASON_MARKER,
      contactInfo: info.contactInfo ?? '',
      name: info.name,
      location: LOCATION_MARKER,
      signingTime,
      signatureLength: SIGNATURE_LENGTH,
      subFilter: SUBFILTER_ETSI_CADES_DETACHED,
      appName: 'Kreo',
    }),
    { [REASON_MARKER]: info.reason, [LOCATION_MARKER]: info.location },
  );
  const sealed = await new SignPdf().sign(withPlaceholder, new SealSigner(key), signingTime);
  const signature = lastSignature(sealed);
  if (!signature) throw new Error('The sealed PDF has no signature');
  return {
    pdf: new Uint8Array(sealed.buffer, sealed.byteOffset, sealed.byteLength),
    signedSha256: byteRangeSha256(sealed, signature.byteRange),
    byteRange: signature.byteRange,
  };
}

export interface SealVerification {
  /** The signature is intact: its digest is that of the signed bytes, and the certificate's key signed it. */
  valid: boolean;
  /** The signed bytes are the whole file but the signature itself (nothing appended after it). */
  wholeDocument: boolean;
  signedSha256: string | null;
  /** The signing certificate's subject, when found. */
  signer: string | null;
  byteRange: ByteRange | null;
  /** Why it is not valid, for logs and tests. */
  problem?: string;
}

/** A DER element: its tag byte and where its content lies in `bytes`. */
interface Element {
  tag: number;
  start: number;
  end: number;
  /** Where the element itself starts (its tag). */
  from: number;
}

function readElement(bytes: Buffer, at: number): Element {
  const tag = bytes[at] ?? 0;
  let length = bytes[at + 1] ?? 0;
  let start = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error('Unsupported DER length');
    length = 0;
    for (let index = 0; index < count; index += 1) length = length * 256 + (bytes[start + index] ?? 0);
    start += count;
  }
  if (start + length > bytes.length) throw new Error('Truncated DER');
  return { tag, start, end: start + length, from: at };
}

function children(bytes: Buffer, element: Element): Element[] {
  const found: Element[] = [];
  for (let at = element.start; at < element.end;) {
    const child = readElement(bytes, at);
    found.push(child);
    at = child.end;
  }
  return found;
}

const oidOf = (bytes: Buffer, element: Element | undefined) =>
  element && element.tag === 0x06
    ? asn1.derToOid(forge.util.createBuffer(bytes.subarray(element.start, element.end).toString('binary')))
    : '';

const HASHES: Record<string, string> = {
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
};

/** Checks the last signature of a PDF in node: the CMS's digest, its signature and what it covers. */
export function verifySealedPdf(pdf: Uint8Array): SealVerification {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const found = lastSignature(bytes);
  if (!found)
    return {
      valid: false,
      wholeDocument: false,
      signedSha256: null,
      signer: null,
      byteRange: null,
      problem: 'no signature',
    };
  const { byteRange, contents } = found;
  const [start, length, second, secondLength] = byteRange;
  const wholeDocument = start === 0 && length < second && second + secondLength === bytes.length;
  const signedSha256 = byteRangeSha256(bytes, byteRange);
  const result = { wholeDocument, signedSha256, byteRange, signer: null as string | null };
  try {
    const contentInfo = readElement(contents, 0);
    const [typeElement, explicit] = children(contents, contentInfo);
    if (oidOf(contents, typeElement) !== OID.signedData || !explicit) throw new Error('not a CMS SignedData');
    const signedData = children(contents, explicit)[0];
    if (!signedData) throw new Error('empty SignedData');
    const parts = children(contents, signedData);
    const certificateSet = parts.find((part) => part.tag === 0xa0);
    const signerInfos = parts.at(-1);
    const signerInfo = signerInfos ? children(contents, signerInfos)[0] : undefined;
    if (!signerInfo) throw new Error('no SignerInfo');
    const [, sid, digestAlgorithm, signedAttributes, , signatureValue] = children(contents, signerInfo);
    if (!sid || !digestAlgorithm || signedAttributes?.tag !== 0xa0 || !signatureValue)
      throw new Error('a SignerInfo without signed attributes');
    const hash = HASHES[oidOf(contents, children(contents, digestAlgorithm)[0])];
    if (!hash) throw new Error('unsupported digest algorithm');
    const certificates = (certificateSet ? children(contents, certificateSet) : []).map(
      (element) => new X509Certificate(contents.subarray(element.from, element.end)),
    );
    // The signer: the certificate of the SignerInfo's serial number (issuerAndSerialNumber).
    const serialElement = children(contents, sid)[1];
    const serial = serialElement
      ? contents
          .subarray(serialElement.start, serialElement.end)
          .toString('hex')
          .replace(/^(00)+/, '')
          .toUpperCase()
      : '';
    const certificate =
      certificates.find((item) => item.serialNumber.replace(/^(00)+/, '').toUpperCase() === serial) ??
      certificates[0];
    if (!certificate) throw new Error('no certificate');
    result.signer = certificate.subject;
    let messageDigest: Buffer | null = null;
    for (const element of children(contents, signedAttributes)) {
      const [type, values] = children(contents, element);
      if (oidOf(contents, type) !== OID.messageDigest || !values) continue;
      const value = children(contents, values)[0];
      if (value) messageDigest = contents.subarray(value.start, value.end);
    }
    const digest = createHash(hash)
      .update(bytes.subarray(start, start + length))
      .update(bytes.subarray(second, second + secondLength))
      .digest();
    if (!messageDigest || !messageDigest.equals(digest))
      return { ...result, valid: false, problem: 'the signed bytes changed (message digest differs)' };
    // What was signed: the attributes' DER with the SET tag in place of [0] IMPLICIT.
    const signedBytes = Buffer.from(contents.subarray(signedAttributes.from, signedAttributes.end));
    signedBytes[0] = 0x31;
    const signature = contents.subarray(signatureValue.start, signatureValue.end);
    if (!verify(hash, signedBytes, certificate.publicKey, signature))
      return { ...result, valid: false, problem: 'the signature does not verify with its certificate' };
    return { ...result, valid: true };
  } catch (error) {
    return { ...result, valid: false, problem: (error as Error).message };
  }
}

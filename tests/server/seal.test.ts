/**
 * Kreo's electronic seal on a signed document (server/services/signing/): the PAdES signature poppler's
 * `pdfsig` validates over the whole file, the SHA-256 of the bytes it reports as signed, a change that
 * breaks it, the signature page and the fields of a qualified signature, all still PDF/A-2b; and the
 * seal key from the operator's PKCS#12 file, or made once for a developer's machine.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createDocumentBuilder } from '../../server/services/documents/build-document';
import {
  inlineRenderer,
  type FileRequest,
  type SignaturePage,
} from '../../server/services/documents/document-renderer';
import { loadWizard } from '../../server/services/company-files';
import { translator } from '../../server/services/i18n';
import {
  maskEmail,
  renderEvidencePdf,
  type SigningEvidence,
} from '../../server/services/signing/evidence-pdf';
import { sealPdf, verifySealedPdf } from '../../server/services/signing/pades';
import {
  DEVELOPMENT_SEAL_FILE,
  DEVELOPMENT_SEAL_NAME,
  SealKeyError,
  loadSealKey,
  selfSignedPkcs12,
  type SealKey,
} from '../../server/services/signing/seal-key';
import { readCaenClasses } from '../../src/shared/wizard-source.node.ts';
import { completeCompanyFile } from '../fixtures/company-file';
import { checkPdfA } from './pdfa-check';

const wizard = loadWizard();
const renderer = inlineRenderer(
  createDocumentBuilder({ legalForms: wizard.legalForms, caenClasses: readCaenClasses(process.cwd()) }),
);

let dir: string;
let key: SealKey;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kreo-seal-'));
  key = await loadSealKey({ dataDir: path.join(dir, 'data'), production: false, sealKey: null });
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function render(request: Omit<FileRequest, 'format'>): Promise<Buffer> {
  const rendered = await renderer.file({ ...request, format: 'pdf' }, 'test');
  if (!rendered.ok) throw new Error('the document was not written');
  return Buffer.from(rendered.value.body);
}

/** What `pdfsig` says of a file (it exits non-zero for a broken signature: its words are what count). */
async function pdfsig(pdf: Uint8Array): Promise<string> {
  const file = path.join(dir, `${createHash('sha256').update(pdf).digest('hex')}.pdf`);
  await writeFile(file, pdf);
  const result = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
}

/** `Signed Ranges: [0 - 62024], [94794 - 95833]`: the ranges pdfsig checked, hashed as it reads them. */
function sha256OfRanges(pdf: Uint8Array, report: string): string {
  const match = /Signed Ranges: \[(\d+) - (\d+)\], \[(\d+) - (\d+)\]/.exec(report);
  if (!match) throw new Error(`pdfsig printed no signed ranges:\n${report}`);
  const [a, b, c, d] = match.slice(1, 5).map(Number) as [number, number, number, number];
  return createHash('sha256').update(pdf.subarray(a, b)).update(pdf.subarray(c, d)).digest('hex');
}

const pdfText = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' }).normalize('NFKC');

const CREATED_AT = '2026-01-15T09:30:00.000Z';
const statuts = completeCompanyFile(2);
const signaturePage: SignaturePage = {
  signers: [
    {
      personId: 'p1',
      name: 'Madame Camille DUPONT',
      role: 'Associée, présidente',
      signedAt: '2026-01-15T10:02:03.000Z',
      codeSentTo: 'c***@example.com',
      documentSha256: '1f'.repeat(32),
    },
    {
      personId: 'p2',
      name: 'Monsieur Alex SUBSCRIBER2',
      role: 'Associé',
      signedAt: '2026-01-15T10:17:45.000Z',
      codeSentTo: 'a***@example.org',
      documentSha256: '1f'.repeat(32),
    },
  ],
};
const sealInfo = {
  reason: 'Signé par ses signataires sur Kreo',
  name: 'Kreo',
  location: 'Paris',
  signingTime: '2026-01-15T10:17:46.000Z',
};

describe('a document rendered for signing', () => {
  it('is the same file, byte for byte, when rendered again for the same moment', async () => {
    const first = await render({ sku: 'LEGAL_STATUSES', data: statuts, createdAt: CREATED_AT });
    const again = await render({ sku: 'LEGAL_STATUSES', data: statuts, createdAt: CREATED_AT });
    expect(again.equals(first)).toBe(true);
    const later = await render({
      sku: 'LEGAL_STATUSES',
      data: statuts,
      createdAt: '2026-01-16T09:30:00.000Z',
    });
    expect(later.equals(first)).toBe(false);
    expect(first.toString('latin1')).toContain('<xmp:CreateDate>2026-01-15T09:30:00Z</xmp:CreateDate>');
  });

  it('ends with a page listing each signer, in the document’s language, and stays PDF/A', async () => {
    const pdf = await render({ sku: 'LEGAL_STATUSES', data: statuts, createdAt: CREATED_AT, signaturePage });
    expect(checkPdfA(pdf)).toEqual([]);
    const lastPage =
      pdfText(pdf)
        .split('\f')
        .filter((page) => page.trim() !== '')
        .at(-1) ?? '';
    expect(lastPage).toContain('Signatures électroniques');
    expect(lastPage).toContain('Madame Camille DUPONT');
    expect(lastPage).toContain('Associée, présidente');
    expect(lastPage).toContain('2026-01-15 10:02:03 UTC');
    expect(lastPage).toContain('2026-01-15 10:17:45 UTC');
    expect(lastPage).toMatch(
      /signature électronique simple : compte Kreo \+ code à usage\s+unique envoyé à\s+c\*\*\*@example\.com/,
    );
    expect(lastPage).toContain('1f'.repeat(32));
    // The pages before it are those of the document as read.
    const unsigned = await render({ sku: 'LEGAL_STATUSES', data: statuts, createdAt: CREATED_AT });
    const pages = (text: string) => text.split('\f').filter((page) => page.trim() !== '');
    expect(pages(pdfText(pdf)).length).toBe(pages(pdfText(unsigned)).length + 1);
  });

  it('in Romanian, says it in Romanian', async () => {
    const data = completeCompanyFile(2, '2026-01-15', 'RO-SRL');
    const pdf = await render({ sku: 'LEGAL_STATUSES', data, createdAt: CREATED_AT, signaturePage });
    const text = pdfText(pdf);
    expect(text).toContain('Semnături electronice');
    expect(text).toMatch(/semnătură electronică simplă: cont Kreo \+ cod de unică folosință trimis la/);
  });

  it('for a qualified signature, ends with one empty signature field per signatory, named, and stays PDF/A', async () => {
    const data = completeCompanyFile(2, '2026-01-15', 'RO-SRL');
    const pdf = await render({
      sku: 'LEGAL_STATUSES',
      data,
      createdAt: CREATED_AT,
      qualifiedFields: [
        { personId: 'p1', name: 'Camille DUPONT', role: 'Asociat și administrator' },
        { personId: 'p2', name: 'Alex SUBSCRIBER2', role: 'Asociat' },
      ],
    });
    expect(checkPdfA(pdf)).toEqual([]);
    const report = await pdfsig(pdf);
    expect(report).toContain('Signature Field Name: Signature1-p1');
    expect(report).toContain('Signature Field Name: Signature2-p2');
    expect(report.match(/The signature form field is not signed/g)).toHaveLength(2);
    const text = pdfText(pdf);
    expect(text).toContain('Semnături electronice calificate');
    expect(text).toContain('Camille DUPONT — Asociat și administrator');
    expect(pdf.toString('latin1')).not.toContain('/NeedAppearances');
  });
});

describe('the seal', () => {
  let sealed: Awaited<ReturnType<typeof sealPdf>>;
  beforeAll(async () => {
    const pdf = await render({ sku: 'LEGAL_STATUSES', data: statuts, createdAt: CREATED_AT, signaturePage });
    sealed = await sealPdf(pdf, key, sealInfo);
  }, 60_000);

  it('is valid over the whole document for pdfsig, which signed the bytes whose SHA-256 is recorded', async () => {
    const report = await pdfsig(sealed.pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain(`Signer Certificate Common Name: ${DEVELOPMENT_SEAL_NAME}`);
    expect(sha256OfRanges(sealed.pdf, report)).toBe(sealed.signedSha256);
    const [start, length, second, secondLength] = sealed.byteRange;
    expect(report).toContain(
      `Signed Ranges: [${start} - ${start + length}], [${second} - ${second + secondLength}]`,
    );
  });

  it('is valid for verifySealedPdf too, which names the seal', () => {
    expect(verifySealedPdf(sealed.pdf)).toMatchObject({
      valid: true,
      wholeDocument: true,
      signedSha256: sealed.signedSha256,
      signer: expect.stringContaining(DEVELOPMENT_SEAL_NAME),
    });
  });

  it('leaves the document PDF/A-2b', () => {
    expect(checkPdfA(Buffer.from(sealed.pdf))).toEqual([]);
  });

  it('writes a reason and a place beyond ASCII as UTF-16 text strings, as a reader decodes them', () => {
    const utf16 = (value: string) =>
      Buffer.from(`\ufeff${value}`, 'utf16le').swap16().toString('hex').toUpperCase();
    const text = Buffer.from(sealed.pdf).toString('latin1');
    expect(text).toContain(`/Reason <${utf16(sealInfo.reason)}>`);
    expect(text).toContain('/Location (Paris)');
    // Never the UTF-8 of the UTF-16 bytes that no reader decodes ("Ã¾Ã¿").
    expect(text).not.toContain('\u00c3\u00be\u00c3\u00bf');
  });

  it('breaks when one byte of the signed document changes', async () => {
    const changed = Buffer.from(sealed.pdf);
    // A letter of the document's title in its metadata (uncompressed): the file still reads.
    const at = changed.indexOf('Statuts de Boulangerie Dupont');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(sealed.byteRange[1]);
    changed[at] = 's'.charCodeAt(0);
    const report = await pdfsig(changed);
    expect(report).not.toContain('Signature is Valid');
    expect(report).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
    expect(verifySealedPdf(changed)).toMatchObject({ valid: false, wholeDocument: true });
  });

  it('no longer covers the whole document when something is appended after it', async () => {
    const appended = Buffer.concat([Buffer.from(sealed.pdf), Buffer.from('\n% appended later\n')]);
    const report = await pdfsig(appended);
    expect(report).not.toContain('Total document signed');
    expect(verifySealedPdf(appended)).toMatchObject({ valid: true, wholeDocument: false });
  });

  it('an unsealed document has no seal to verify', async () => {
    const pdf = await render({ sku: 'LEGAL_STATUSES', data: statuts, createdAt: CREATED_AT });
    expect(verifySealedPdf(pdf)).toMatchObject({ valid: false, signedSha256: null });
  });
});

describe('the seal key', () => {
  it('for development, is made once in DATA_DIR, owner-only, self-signed for three years, and reused', async () => {
    const dataDir = path.join(dir, 'data');
    const file = path.join(dataDir, DEVELOPMENT_SEAL_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(key).toMatchObject({ development: true, chainPem: [] });
    expect(key.subject).toContain(`CN=${DEVELOPMENT_SEAL_NAME}`);
    const years = (Date.parse(key.validTo) - Date.now()) / (365.25 * 24 * 3600 * 1000);
    expect(years).toBeGreaterThan(2.9);
    expect(years).toBeLessThan(3.1);
    const again = await loadSealKey({ dataDir, production: false, sealKey: null });
    expect(again.fingerprintSha256).toBe(key.fingerprintSha256);
    expect(await readFile(file, 'utf8')).toContain('BEGIN PRIVATE KEY');
  });

  it('in production, must be the operator’s: none configured refuses', async () => {
    await expect(
      loadSealKey({ dataDir: path.join(dir, 'prod'), production: true, sealKey: null }),
    ).rejects.toThrow(/NODE_ENV=production needs the electronic seal: set SIGNING_P12_PATH/);
  });

  it('is read from a PKCS#12 file and its passphrase, and seals with that certificate', async () => {
    const p12Path = path.join(dir, 'seal.p12');
    await writeFile(p12Path, selfSignedPkcs12('correct horse', 'Kreo Operator Seal'));
    const operator = await loadSealKey({
      dataDir: path.join(dir, 'prod'),
      production: true,
      sealKey: { p12Path, passphrase: 'correct horse' },
    });
    expect(operator).toMatchObject({
      development: false,
      subject: expect.stringContaining('CN=Kreo Operator Seal'),
    });
    const pdf = await render({ sku: 'LEGAL_STATUSES', data: statuts, createdAt: CREATED_AT });
    const report = await pdfsig((await sealPdf(pdf, operator, sealInfo)).pdf);
    expect(report).toContain('Signer Certificate Common Name: Kreo Operator Seal');
    expect(report).toContain('Signature is Valid');
    await expect(
      loadSealKey({ dataDir: dir, production: true, sealKey: { p12Path, passphrase: 'wrong' } }),
    ).rejects.toThrow(SealKeyError);
  });

  it('reads a PKCS#12 file made by OpenSSL 3 (AES-256, PBKDF2, SHA-256 MAC), with its CA chain', async () => {
    const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    run([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '30',
      '-subj',
      '/CN=Test CA',
    ]);
    run([
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'seal.key',
      '-out',
      'seal.csr',
      '-subj',
      '/CN=Test Seal/O=Kreo',
    ]);
    run([
      'x509',
      '-req',
      '-in',
      'seal.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'seal.pem',
      '-days',
      '30',
    ]);
    run([
      'pkcs12',
      '-export',
      '-inkey',
      'seal.key',
      '-in',
      'seal.pem',
      '-certfile',
      'ca.pem',
      '-out',
      'openssl.p12',
      '-passout',
      'pass:s3cret',
    ]);
    const operator = await loadSealKey({
      dataDir: dir,
      production: true,
      sealKey: { p12Path: path.join(dir, 'openssl.p12'), passphrase: 's3cret' },
    });
    expect(operator.subject).toContain('CN=Test Seal');
    expect(operator.chainPem).toHaveLength(1);
    const pdf = await render({ sku: 'LEGAL_STATUSES', data: statuts, createdAt: CREATED_AT });
    const result = await sealPdf(pdf, operator, sealInfo);
    expect(verifySealedPdf(result.pdf)).toMatchObject({
      valid: true,
      signer: expect.stringContaining('CN=Test Seal'),
    });
    expect(await pdfsig(result.pdf)).toContain('Signature is Valid');
  });

  it('is configured by SIGNING_P12_PATH and SIGNING_P12_PASSPHRASE together', () => {
    expect(loadConfig({}).sealKey).toBeNull();
    expect(
      loadConfig({ SIGNING_P12_PATH: '/etc/kreo/seal.p12', SIGNING_P12_PASSPHRASE: 'x' }).sealKey,
    ).toEqual({
      p12Path: '/etc/kreo/seal.p12',
      passphrase: 'x',
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as { problems: string[] }).problems;
      }
    };
    expect(problems({ SIGNING_P12_PATH: '/etc/kreo/seal.p12' })).toEqual([
      'SIGNING_P12_PATH needs SIGNING_P12_PASSPHRASE (the PKCS#12 file’s passphrase)',
    ]);
    expect(problems({ SIGNING_P12_PASSPHRASE: 'x' })).toEqual([
      'SIGNING_P12_PASSPHRASE is set without SIGNING_P12_PATH (the PKCS#12 file of the seal)',
    ]);
    expect(problems({ SIGNING_P12_PATH: '/etc/kreo/seal.pem', SIGNING_P12_PASSPHRASE: 'x' })).toEqual([
      'SIGNING_P12_PATH must name a PKCS#12 file (.p12 or .pfx), got "/etc/kreo/seal.pem"',
    ]);
  });
});

describe('the evidence file', () => {
  let evidence: SigningEvidence;
  beforeAll(async () => {
    const read = await render({ sku: 'LEGAL_STATUSES', data: statuts, createdAt: CREATED_AT });
    const readSha256 = createHash('sha256').update(read).digest('hex');
    const signed = await render({
      sku: 'LEGAL_STATUSES',
      data: statuts,
      createdAt: CREATED_AT,
      signaturePage: {
        signers: signaturePage.signers.map((signer) => ({ ...signer, documentSha256: readSha256 })),
      },
    });
    const sealed = await sealPdf(signed, key, sealInfo);
    const signature = (index: number, name: string, role: string, email: string) => ({
      personId: `p${index}`,
      name,
      role,
      accountId: `0000000${index}-1111-4000-8000-000000000000`,
      signedAt: `2026-01-15T10:1${index}:00.000Z`,
      ipAddress: `203.0.113.${index}`,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      codeSentTo: email,
      codeVerifiedAt: `2026-01-15T10:1${index}:00.000Z`,
      words: `Je signe électroniquement : Statuts de Boulangerie Dupont (${name})`,
      documentSha256: readSha256,
    });
    evidence = {
      jurisdiction: 'FR',
      company: 'Boulangerie Dupont SAS',
      roundId: '0f5a1c2e-4b7d-4e21-9a3b-5c6d7e8f9a0b',
      fileDigest: 'ab'.repeat(32),
      startedAt: '2026-01-15T09:30:00.000Z',
      completedAt: '2026-01-15T10:17:46.000Z',
      documents: [
        {
          sku: 'LEGAL_STATUSES',
          title: 'Statuts de Boulangerie Dupont',
          fileName: 'statuts.pdf',
          sha256: readSha256,
          sealedSha256: sealed.signedSha256,
          sealedAt: '2026-01-15T10:17:46.000Z',
          signatures: [
            signature(1, 'Madame Camille DUPONT', 'Associée, présidente', 'camille.dupont@example.com'),
            signature(2, 'Monsieur Alex SUBSCRIBER2', 'Associé', 'alex@example.org'),
          ],
        },
      ],
      people: [
        {
          personId: 'p1',
          name: 'Madame Camille DUPONT',
          membership: { founder: true, accountId: '00000001-1111-4000-8000-000000000000' },
          acts: [
            {
              act: 'approveFile',
              words: 'J’approuve le dossier de Boulangerie Dupont SAS.',
              givenAt: '2026-01-14T08:00:00.000Z',
              ipAddress: '198.51.100.7',
              userAgent: 'Mozilla/5.0 (Macintosh) Safari/18.0',
            },
          ],
        },
        {
          personId: 'p2',
          name: 'Monsieur Alex SUBSCRIBER2',
          membership: {
            founder: false,
            invitedEmail: 'alex@example.org',
            invitedAt: '2026-01-10T07:00:00.000Z',
            joinedAt: '2026-01-11T12:34:56.000Z',
            accountId: '00000002-1111-4000-8000-000000000000',
          },
          acts: [],
        },
      ],
      seal: { subject: key.subject, fingerprintSha256: key.fingerprintSha256, development: key.development },
    };
  }, 60_000);

  it('is a PDF/A-2b whose text holds the signatories, the hashes, the seal and the legal level', async () => {
    const pdf = Buffer.from(await renderEvidencePdf(evidence, 'fr'));
    expect(checkPdfA(pdf)).toEqual([]);
    const text = pdfText(pdf);
    const squeezed = text.replace(/\s+/g, ' ');
    expect(text).toContain('Certificat de signature');
    expect(text).toContain('Boulangerie Dupont SAS');
    expect(text).toContain(evidence.roundId);
    expect(text).toContain('Madame Camille DUPONT, Associée, présidente');
    expect(text).toContain('Monsieur Alex SUBSCRIBER2, Associé');
    const [document] = evidence.documents;
    expect(text).toContain(document?.sha256);
    expect(text).toContain(document?.sealedSha256);
    expect(text).toContain('2026-01-15 10:17:46 UTC');
    expect(text).toContain('203.0.113.2');
    expect(text).toContain('Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0');
    // The addresses in full: they identify the signatories (the file goes to them and the founder only).
    expect(text).toContain('camille.dupont@example.com');
    expect(text).toContain('alex@example.org');
    expect(text).not.toContain('***');
    expect(text).toContain('00000002-1111-4000-8000-000000000000');
    // Each person's access to the file and acts on the answers.
    expect(squeezed).toContain('titulaire du dossier (fondateur)');
    expect(text).toContain('2026-01-10 07:00:00 UTC');
    expect(text).toContain('2026-01-11 12:34:56 UTC');
    expect(squeezed).toContain(
      translator('fr')('documents:signed.evidence.act', {
        act: translator('fr')('legal-acts:acts.approveFile.FR.title'),
      }),
    );
    expect(squeezed).toContain('« J’approuve le dossier de Boulangerie Dupont SAS. »');
    expect(text).toContain('198.51.100.7');
    expect(squeezed).toContain('Aucun acte donné sur les réponses signées.');
    expect(squeezed).toContain(
      '« Je signe électroniquement : Statuts de Boulangerie Dupont (Madame Camille DUPONT) »',
    );
    expect(text).toContain(key.fingerprintSha256);
    expect(text).toContain(DEVELOPMENT_SEAL_NAME);
    // The legal words are the legal helper's: whatever they say, they are there.
    const legal = translator('fr')('legal-acts:legalLevel.FR.body').normalize('NFKC').replace(/\s+/g, ' ');
    expect(squeezed).toContain(legal.slice(0, 60));
  });

  it('prints a user agent the fonts cannot draw with "?" in place, and stays PDF/A', async () => {
    const [document] = evidence.documents;
    if (!document) throw new Error('no document');
    const [first, ...rest] = document.signatures;
    if (!first) throw new Error('no signature');
    const odd: SigningEvidence = {
      ...evidence,
      documents: [{ ...document, signatures: [{ ...first, userAgent: 'Navigateur 浏览器 🦊' }, ...rest] }],
    };
    const pdf = Buffer.from(await renderEvidencePdf(odd, 'fr'));
    expect(checkPdfA(pdf)).toEqual([]);
    expect(pdfText(pdf)).toContain('Navigateur ??? ?');
  });

  it('is written in the language asked for, the same file for the same round', async () => {
    const english = Buffer.from(await renderEvidencePdf(evidence, 'en'));
    expect(pdfText(english)).toContain('Signature certificate');
    expect(pdfText(Buffer.from(await renderEvidencePdf(evidence, 'ro')))).toContain(
      'Certificat de semnătură',
    );
    expect(Buffer.from(await renderEvidencePdf(evidence, 'en')).equals(english)).toBe(true);
  });

  it('sealed as the service seals it, stays PDF/A-2b and valid for pdfsig', async () => {
    const pdf = await renderEvidencePdf(evidence, 'fr');
    const sealed = await sealPdf(pdf, key, {
      reason: translator('fr')('documents:signed.evidence.sealReason'),
      name: 'Kreo',
      location: '',
      signingTime: evidence.completedAt,
    });
    expect(checkPdfA(Buffer.from(sealed.pdf))).toEqual([]);
    const report = await pdfsig(sealed.pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
  });

  it('masks an address to its first letter and its domain', () => {
    expect(maskEmail('pierre.martin@example.com')).toBe('p***@example.com');
    expect(maskEmail('p***@example.com')).toBe('p***@example.com');
    expect(maskEmail('nonsense')).toBe('***');
  });
});

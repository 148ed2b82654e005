/**
 * The key of Kreo's electronic seal, which seals every electronically signed document (pades.ts) so
 * that any change after the signatures shows. It is operator configuration: a PKCS#12 file
 * (SIGNING_P12_PATH) and its passphrase (SIGNING_P12_PASSPHRASE). Without them, a developer's machine
 * or a test run makes its own key once — a self-signed RSA-2048 certificate, "Kreo development seal —
 * not for production", valid three years — in DATA_DIR (owner-only, see data-dir.ts), and reuses it;
 * production refuses to go on without the operator's key.
 */
import { X509Certificate, createHash, createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import forge from 'node-forge';
import type { ServerConfig } from '../../config';
import { DATA_DIR_MODE, DATA_FILE_MODE } from '../data-dir';

export interface SealKey {
  /** PKCS#8 PEM. */
  privateKeyPem: string;
  /** The seal's certificate, PEM. */
  certificatePem: string;
  /** The certificates above it (intermediate CAs) found in the PKCS#12 file, PEM. */
  chainPem: string[];
  /** The certificate's subject, one attribute a line as Node prints it ("CN=…\nO=Kreo"). */
  subject: string;
  /** SHA-256 of the certificate (DER), colon-separated upper-case hex as PDF readers show it. */
  fingerprintSha256: string;
  /** The certificate's end of validity, ISO 8601. */
  validTo: string;
  /** The key made for a developer's machine (not trusted by anyone). */
  development: boolean;
}

export class SealKeyError extends Error {}

export const DEVELOPMENT_SEAL_FILE = 'seal-development.pem';
export const DEVELOPMENT_SEAL_NAME = 'Kreo development seal — not for production';
const DEVELOPMENT_SEAL_YEARS = 3;

/** PKCS#12 bag types (RFC 7292, 4.2). */
const BAG = {
  key: '1.2.840.113549.1.12.10.1.1',
  pkcs8ShroudedKey: '1.2.840.113549.1.12.10.1.2',
  certificate: '1.2.840.113549.1.12.10.1.3',
} as const;

type SealConfig = Pick<ServerConfig, 'dataDir' | 'production' | 'sealKey'>;

/** The seal key the configuration names, or the development one (made at the first call). */
export async function loadSealKey(config: SealConfig): Promise<SealKey> {
  if (config.sealKey) return readPkcs12(config.sealKey.p12Path, config.sealKey.passphrase);
  if (config.production)
    throw new SealKeyError(
      'NODE_ENV=production needs the electronic seal: set SIGNING_P12_PATH (a PKCS#12 file) and SIGNING_P12_PASSPHRASE',
    );
  return developmentSeal(config.dataDir);
}

function sealKeyOf(privateKeyPem: string, certificatePem: string, chainPem: string[], development: boolean) {
  const certificate = new X509Certificate(certificatePem);
  if (!certificate.checkPrivateKey(createPrivateKey(privateKeyPem)))
    throw new SealKeyError('The seal’s private key does not match its certificate');
  return {
    privateKeyPem,
    certificatePem,
    chainPem,
    subject: certificate.subject,
    fingerprintSha256: certificate.fingerprint256,
    validTo: new Date(certificate.validTo).toISOString(),
    development,
  } satisfies SealKey;
}

/** The key and the certificates of a PKCS#12 file (RSA: what node-forge reads). */
export async function readPkcs12(p12Path: string, passphrase: string): Promise<SealKey> {
  let bytes: Buffer;
  try {
    bytes = await readFile(p12Path);
  } catch (error) {
    throw new SealKeyError(`SIGNING_P12_PATH: cannot read ${p12Path} (${(error as Error).message})`);
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  } catch (error) {
    throw new SealKeyError(
      `SIGNING_P12_PASSPHRASE does not open ${p12Path}, or it is no PKCS#12 file (${(error as Error).message})`,
    );
  }
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const keys = [...bags(BAG.pkcs8ShroudedKey), ...bags(BAG.key)].flatMap((bag) =>
    bag.key ? [bag.key as forge.pki.rsa.PrivateKey] : [],
  );
  const certificates = bags(BAG.certificate).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  const key = keys[0];
  if (!key) throw new SealKeyError(`${p12Path} holds no RSA private key`);
  const own = certificates.find((certificate) => {
    const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!own) throw new SealKeyError(`${p12Path} holds no certificate of its private key`);
  const privateKeyPem = forge.pki.privateKeyInfoToPem(
    forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key)),
  );
  return sealKeyOf(
    privateKeyPem,
    forge.pki.certificateToPem(own),
    certificates.filter((certificate) => certificate !== own).map((item) => forge.pki.certificateToPem(item)),
    false,
  );
}

/** A self-signed seal certificate for `privateKeyPem` (development and tests only). */
export function selfSignedCertificate(
  privateKeyPem: string,
  { commonName = DEVELOPMENT_SEAL_NAME, now = new Date(), years = DEVELOPMENT_SEAL_YEARS } = {},
): string {
  const key = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial number of 16 random bytes (RFC 5280, 4.1.2.2).
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + years);
  certificate.validity.notAfter = notAfter;
  const name = [
    // The dash is no PrintableString character: the name is UTF-8.
    { name: 'commonName', value: commonName, valueTagClass: forge.asn1.Type.UTF8 },
    { name: 'organizationName', value: 'Kreo' },
  ] as forge.pki.CertificateField[];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  return forge.pki.certificateToPem(certificate);
}

/** A PKCS#12 file of a new self-signed seal (tests, and an operator trying the configuration). */
export function selfSignedPkcs12(passphrase: string, commonName = 'Kreo test seal'): Buffer {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const certificate = forge.pki.certificateFromPem(selfSignedCertificate(privateKeyPem, { commonName }));
  const p12 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(privateKeyPem),
    [certificate],
    passphrase,
    {
      algorithm: 'aes256',
    },
  );
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/**
 * The development seal of this DATA_DIR: read when there, else made and written once. Written to a
 * temporary file then linked to its name, so that two servers starting together keep one key.
 */
async function developmentSeal(dataDir: string): Promise<SealKey> {
  const file = path.join(dataDir, DEVELOPMENT_SEAL_FILE);
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing === null) {
    await mkdir(dataDir, { recursive: true, mode: DATA_DIR_MODE });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const pem = `${privateKeyPem}${selfSignedCertificate(privateKeyPem)}`;
    const temporary = `${file}.${randomBytes(6).toString('hex')}`;
    await writeFile(temporary, pem, { mode: DATA_FILE_MODE });
    try {
      await link(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(temporary);
    }
    return developmentSeal(dataDir);
  }
  const privateKeyPem = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\n?/.exec(existing)?.[0];
  const certificatePem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/.exec(
    existing,
  )?.[0];
  if (!privateKeyPem || !certificatePem)
    throw new SealKeyError(`${file} is not a development seal (a private key and a certificate, PEM)`);
  return sealKeyOf(privateKeyPem, certificatePem, [], true);
}

/** SHA-256 of a certificate (PEM), lower-case hex: what the evidence file prints. */
export function certificateSha256(certificatePem: string): string {
  return createHash('sha256').update(new X509Certificate(certificatePem).raw).digest('hex');
}

import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Where the e2e server keeps its database and outbox (wiped at each run). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';

/** The last link mailed to an address, read from the server's outbox as a developer would. */
export async function lastMailedLink(to: string, pathPrefix: string): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  const safeTo = to.replace(/[^a-z0-9@._-]/gi, '_');
  const files = (await readdir(outbox)).filter((file) => file.endsWith(`-${safeTo}.eml`)).sort();
  const last = files.at(-1);
  if (!last) throw new Error(`No mail to ${to} in ${outbox}`);
  // Quoted-printable soft line breaks ("=\n") may split a long link.
  const text = (await readFile(path.join(outbox, last), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`).exec(text);
  if (!match) throw new Error(`No ${pathPrefix} link in the mail to ${to}`);
  return match[0];
}

/** Quoted-printable undone (soft breaks, =XX bytes read as UTF-8), as a mail reader shows the text. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Every message in the outbox to an address, oldest first, decoded for reading. */
export async function mailsTo(to: string): Promise<string[]> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  const safeTo = to.replace(/[^a-z0-9@._-]/gi, '_');
  const files = (await readdir(outbox).catch(() => [] as string[]))
    .filter((file) => file.endsWith(`-${safeTo}.eml`))
    .sort();
  return Promise.all(
    files.map(async (file) => decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'))),
  );
}

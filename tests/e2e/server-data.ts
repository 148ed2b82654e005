import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Where the e2e server keeps its database and outbox (wiped at each run). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';

/** Quoted-printable undone (soft breaks, =XX bytes read as UTF-8), as a mail reader shows the text. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * Every message in the outbox to an address, oldest first, decoded for reading. The outbox names
 * files by time and message id, not by address: the recipient is read from each message's `To:`.
 */
export async function mailsTo(to: string): Promise<string[]> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort();
  const wanted = to.toLowerCase();
  const mails = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
  return mails
    .filter((raw) => /^To: (.*)$/m.exec(raw)?.[1]?.trim().toLowerCase() === wanted)
    .map(decodeQuotedPrintable);
}

/** The link starting with `pathPrefix` in the last mail to an address that has one, or null. */
async function findLink(to: string, pathPrefix: string): Promise<string | null> {
  const pattern = new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`);
  for (const text of (await mailsTo(to)).reverse()) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return null;
}

/**
 * The last link mailed to an address, read from the server's outbox as a developer would. The mail
 * worker sends after the request has answered: this waits for the message (up to `timeoutMs`).
 */
export async function lastMailedLink(to: string, pathPrefix: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = await findLink(to, pathPrefix);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with a ${pathPrefix} link`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

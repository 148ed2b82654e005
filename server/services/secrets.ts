import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A random token for a link or a cookie (256 bits, URL-safe). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256: a leaked table does not hand out sessions or reset links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** JWT_SECRET when set; otherwise a key generated on first start and kept in DATA_DIR/jwt-secret. */
export async function loadSigningSecret(configured: string | null, dataDir: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return new TextEncoder().encode(stored);
  } catch {
    // Not there yet: generated below.
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return new TextEncoder().encode(secret);
}

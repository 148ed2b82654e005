/**
 * DATA_DIR holds the embedded database, the outbox (reset links) and the signing key: only the
 * server's own user may read it. The folder is 0700, which alone keeps every other user out; files
 * the process creates are owner-only (umask 077, and the outbox and key files say 0600 themselves).
 * PGlite's file system (Emscripten's NODEFS) sets 0666 on the files it creates whatever the umask,
 * so the tree is narrowed again at start, every minute and at stop (`keepDataDirPrivate`).
 */
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

async function narrow(target: string): Promise<void> {
  const stats = await lstat(target);
  if (stats.isSymbolicLink()) return;
  if (stats.isDirectory()) {
    if ((stats.mode & 0o777) !== DATA_DIR_MODE) await chmod(target, DATA_DIR_MODE);
    for (const entry of await readdir(target)) await narrow(path.join(target, entry));
  } else if ((stats.mode & 0o077) !== 0) {
    await chmod(target, DATA_FILE_MODE);
  }
}

export async function secureDataDir(dataDir: string): Promise<void> {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  await narrow(dataDir);
}

/** Narrows DATA_DIR now and every `everyMs`; `stop` narrows a last time (after the database closed). */
export function keepDataDirPrivate(dataDir: string, everyMs = 60_000) {
  // A file removed while the tree is walked (PGlite drops temporary files) is no error.
  const again = () => narrow(dataDir).catch(() => undefined);
  const timer = setInterval(() => void again(), everyMs);
  timer.unref();
  return {
    now: again,
    async stop() {
      clearInterval(timer);
      await again();
    },
  };
}

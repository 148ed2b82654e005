/**
 * A backup is one .tar.gz (POSIX ustar, gzip) that `tar tzf` lists and `tar xzf` unpacks by hand.
 * Written and read here rather than with a package: the format is a few fixed fields, and reading
 * our own files only lets the reader refuse everything else (links, devices, paths out of the
 * folder). Both directions stream, so a large PostgreSQL dump is never held in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BackupError } from './manifest';

const BLOCK = 512;
const FILE_MODE = 0o600;

export type ArchiveEntry = { name: string; mtime?: Date } & (
  { bytes: Uint8Array } | { file: string; size: number }
);

interface OpenEntry {
  handle: FileHandle;
  name: string;
  size: number;
  remaining: number;
  hash: ReturnType<typeof createHash>;
}

export interface ExtractedFile {
  name: string;
  bytes: number;
  sha256: string;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0');
}

/** ustar's size field: 11 octal digits up to 8 GiB, GNU's base-256 above (a large pg_dump). */
function writeSize(header: Buffer, size: number): void {
  if (size < 0o77777777777) {
    header.write(`${octal(size, 12)}\0`, 124, 'ascii');
    return;
  }
  header[124] = 0x80;
  let rest = BigInt(size);
  for (let index = 135; index > 124; index -= 1) {
    header[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

function readSize(header: Buffer): number {
  if ((header[124] ?? 0) & 0x80) {
    let size = 0n;
    for (let index = 125; index < 136; index += 1) size = (size << 8n) | BigInt(header[index] ?? 0);
    return Number(size);
  }
  return parseOctal(header, 124, 12);
}

function parseOctal(header: Buffer, offset: number, width: number): number {
  const text = header
    .toString('ascii', offset, offset + width)
    .replace(/\0.*$/s, '')
    .trim();
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : Number.NaN;
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let index = 0; index < BLOCK; index += 1)
    sum += index >= 148 && index < 156 ? 0x20 : (header[index] ?? 0);
  return sum;
}

/** ustar keeps a path in `name` (100 bytes) or splits it at a slash into `prefix` (155) and `name`. */
function splitName(name: string): { prefix: string; rest: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', rest: name };
  for (let slash = name.indexOf('/'); slash !== -1; slash = name.indexOf('/', slash + 1)) {
    const prefix = name.slice(0, slash);
    const rest = name.slice(slash + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, rest };
  }
  throw new BackupError(`A file name is too long for the backup archive: ${name}`);
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, rest } = splitName(name);
  block.write(rest, 0, 'utf8');
  block.write(`${octal(FILE_MODE, 8)}\0`, 100, 'ascii');
  block.write(`${octal(0, 8)}\0`, 108, 'ascii');
  block.write(`${octal(0, 8)}\0`, 116, 'ascii');
  writeSize(block, size);
  block.write(`${octal(Math.floor(mtime.getTime() / 1000), 12)}\0`, 136, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 'utf8');
  block.write(`${octal(checksum(block), 7)}\0 `, 148, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

async function* tarBlocks(entries: ArchiveEntry[]): AsyncGenerator<Buffer | Uint8Array> {
  for (const entry of entries) {
    const size = 'bytes' in entry ? entry.bytes.length : entry.size;
    yield header(entry.name, size, entry.mtime ?? new Date());
    if ('bytes' in entry) {
      yield entry.bytes;
    } else {
      let read = 0;
      for await (const chunk of createReadStream(entry.file)) {
        read += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
      if (read !== size) throw new Error(`${entry.file} changed while it was archived`);
    }
    yield padding(size);
  }
  // The end of the archive: two empty blocks.
  yield Buffer.alloc(BLOCK * 2);
}

/**
 * Writes the entries to `target` (owner-only), never over an existing file: into a temporary file
 * first, then linked to its name, so that a failed backup leaves no half-written archive.
 */
export async function writeArchive(target: string, entries: ArchiveEntry[]): Promise<void> {
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  try {
    await pipeline(
      Readable.from(tarBlocks(entries)),
      createGzip(),
      createWriteStream(partial, { flags: 'wx', mode: FILE_MODE }),
    );
    // On disk before it has its name: a backup that exists is a whole one.
    const written = await open(partial, 'r');
    await written.sync();
    await written.close();
    await link(partial, target).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') throw new BackupError(`${target} exists already: choose another name`);
      throw error;
    });
  } finally {
    await rm(partial, { force: true });
  }
}

/** A path inside the archive that stays inside the folder it is unpacked to. */
function safeName(name: string): boolean {
  const parts = name.replace(/\/$/, '').split('/');
  return (
    name.length > 0 &&
    !name.startsWith('/') &&
    !name.includes('\0') &&
    !name.includes('\\') &&
    parts.every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

function damaged(why: string): BackupError {
  return new BackupError(`The backup file is damaged or incomplete (${why}): nothing was restored`);
}

/**
 * Unpacks `file` into the empty folder `into` (owner-only files), checking each header, and answers
 * every file with its size and SHA-256. A truncated file, another kind of entry or a path that leaves
 * the folder is a BackupError; the caller removes `into` then.
 */
export async function extractArchive(file: string, into: string): Promise<ExtractedFile[]> {
  const extracted: ExtractedFile[] = [];
  const names = new Set<string>();
  /** The file being written, the padding to skip after it, and whether the end blocks were read. */
  const state: { current: OpenEntry | null; skip: number; ended: boolean } = {
    current: null,
    skip: 0,
    ended: false,
  };

  const finish = async (entry: OpenEntry) => {
    await entry.handle.close();
    extracted.push({ name: entry.name, bytes: entry.size, sha256: entry.hash.digest('hex') });
    state.skip = padding(entry.size).length;
    state.current = null;
  };

  const begin = async (block: Buffer) => {
    if (checksum(block) !== parseOctal(block, 148, 8)) throw damaged('a header does not match its checksum');
    const rest = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const prefix = block.toString('utf8', 345, 500).replace(/\0.*$/s, '');
    const name = prefix ? `${prefix}/${rest}` : rest;
    const type = String.fromCharCode(block[156] ?? 0);
    const size = readSize(block);
    if (!safeName(name) || !Number.isSafeInteger(size)) throw damaged(`an entry is named "${name}"`);
    if (type === '5') {
      await mkdir(path.join(into, name), { recursive: true, mode: 0o700 });
      return;
    }
    if (type !== '0' && type !== '\0') throw damaged(`"${name}" is not a plain file`);
    if (names.has(name)) throw damaged(`"${name}" appears twice`);
    names.add(name);
    const target = path.join(into, name);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const entry: OpenEntry = {
      handle: await open(target, 'wx', FILE_MODE),
      name,
      size,
      remaining: size,
      hash: createHash('sha256'),
    };
    state.current = entry;
    if (size === 0) await finish(entry);
  };

  /** Consumes `data` from `offset`: file content, padding, or the next header. Answers the new offset. */
  const consume = async (data: Buffer, offset: number): Promise<number> => {
    const entry = state.current;
    if (entry) {
      const piece = data.subarray(offset, offset + Math.min(entry.remaining, data.length - offset));
      await entry.handle.write(piece);
      entry.hash.update(piece);
      entry.remaining -= piece.length;
      if (entry.remaining === 0) await finish(entry);
      return offset + piece.length;
    }
    if (state.skip > 0) {
      const skipped = Math.min(state.skip, data.length - offset);
      state.skip -= skipped;
      return offset + skipped;
    }
    const block = data.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) state.ended = true;
    else await begin(block);
    return offset + BLOCK;
  };

  // Read in this function's own loop (not a pipeline's last stage): when the file turns out damaged,
  // nothing goes on writing behind the error.
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    let pending: Buffer = Buffer.alloc(0);
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      if (state.ended) continue;
      const data: Buffer = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      let offset = 0;
      // A header is read whole: less than a block waits for the next chunk.
      while (
        offset < data.length &&
        !state.ended &&
        (state.current || state.skip > 0 || data.length - offset >= BLOCK)
      )
        offset = await consume(data, offset);
      pending = Buffer.from(data.subarray(offset));
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR') throw damaged('it ends too early');
    if (code === 'Z_DATA_ERROR') throw damaged('it is not a valid .tar.gz');
    throw error;
  } finally {
    input.destroy();
    gunzip.destroy();
    await state.current?.handle.close().catch(() => undefined);
  }
  if (!state.ended) throw damaged('it ends too early');
  return extracted;
}

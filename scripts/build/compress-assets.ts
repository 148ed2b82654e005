/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of a build, so that the server
 * hands browsers compressed bytes without compressing at each request (`@fastify/static` preCompressed).
 * Maximum levels: this runs once per build, and every visitor's phone gains from it.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already, source maps are for developers. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|md)$/;
/** Below this, the headers cost more than the bytes saved. */
const MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // The prerendered pages are read by the server and sent within a page it composes, never as files.
    if (entry.isDirectory() && entry.name !== 'prerendered') yield* walk(full);
    else if (entry.isDirectory()) continue;
    else yield full;
  }
}

export interface CompressionFigures {
  files: number;
  raw: number;
  brotli: number;
  gzip: number;
}

export async function compressDirectory(dir: string): Promise<CompressionFigures> {
  const figures: CompressionFigures = { files: 0, raw: 0, brotli: 0, gzip: 0 };
  const jobs: Promise<void>[] = [];
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      (async () => {
        const { size } = await stat(file);
        if (size < MIN_BYTES) return;
        const body = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        figures.files += 1;
        figures.raw += body.length;
        figures.brotli += br.length;
        figures.gzip += gz.length;
      })(),
    );
  }
  await Promise.all(jobs);
  return figures;
}

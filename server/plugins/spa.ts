/** Serves the built app from dist/ with history fallback: a GET outside /api that is not a file gets index.html. */
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppPages } from '../services/app-pages';
import { weightedPreferences } from '../../src/shared/language-rule';
import { pageLanguage } from '../services/i18n';
import { isAppPage } from '../../src/config/page-meta';
import { PAINT_FIRST_SCRIPT_SOURCE } from '../services/paint-first';

/**
 * The app's pages allow scripts from this origin only: no eval (the form validators are precompiled for
 * that), and one inline script, by its hash (the prerendered pages' loader, services/paint-first.ts).
 * Mantine sets inline styles, hence 'unsafe-inline' for styles alone.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${PAINT_FIRST_SCRIPT_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** br when the browser takes it, else gzip, else nothing (a q=0 refuses an encoding). */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const weights = new Map(
    weightedPreferences(String(header ?? '')).map((entry) => [entry.name.toLowerCase(), entry.q]),
  );
  const takes = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

export async function spaPlugin(app: FastifyInstance, options: { spaDir: string; pages: AppPages }) {
  const hasSpa = options.pages.hasSpa;
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: options.spaDir,
      index: false,
      // The build writes .br and .gz copies of its text files: each browser gets the smallest it accepts.
      preCompressed: true,
      // One route per built file (the build is fixed once started); every other path falls to the app.
      wildcard: false,
      // Hashed assets never change; everything else is revalidated.
      setHeaders: (response, filePath) => {
        response.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        if (filePath.endsWith('.html')) response.header('content-security-policy', CONTENT_SECURITY_POLICY);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || !isPageRequest || !hasSpa) {
      return reply
        .code(404)
        .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}`, error: 'Not Found' });
    }
    // Each route gets its own title, description and link-preview tags, in the visitor's language,
    // and the public pages their prerendered HTML; the language follows the rule the app hydrates with.
    const language = pageLanguage(request.headers);
    // A path that is no page of the app is a 404, with the app's own not-found page as its body.
    const pathname = request.url.split('?')[0] ?? '/';
    reply
      .code(isAppPage(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .header('vary', 'Accept-Language, Cookie')
      .type('text/html; charset=utf-8');
    // The not-found handler is no route, so @fastify/compress's per-route hook does not reach it.
    const html = options.pages.render(request.url, language);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply
      .header('content-encoding', encoding)
      .header('vary', 'Accept-Language, Cookie, Accept-Encoding')
      .send(
        encoding === 'br'
          ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(html, { level: 6 }),
      );
  });
}

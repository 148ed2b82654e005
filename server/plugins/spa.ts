/** Serves the built app from dist/ with history fallback: a GET outside /api that is not a file gets index.html. */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppPages } from '../services/app-pages';
import { languageFromHeader } from '../services/i18n';

/**
 * The app's pages allow scripts from this origin only: no inline script, no eval (the form validators are
 * precompiled for that). Mantine sets inline styles, hence 'unsafe-inline' for styles alone.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export async function spaPlugin(app: FastifyInstance, options: { spaDir: string; pages: AppPages }) {
  const hasSpa = options.pages.hasSpa;
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: options.spaDir,
      index: false,
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
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasSpa) {
      return reply
        .code(404)
        .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}`, error: 'Not Found' });
    }
    // Each route gets its own title, description and link-preview tags, in the visitor's language.
    const language = languageFromHeader(request.headers['accept-language']);
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .header('vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
      .send(options.pages.render(request.url, language));
  });
}

/** Serves the built app from dist/ with history fallback: a GET outside /api that is not a file gets index.html. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function spaPlugin(app: FastifyInstance, options: { spaDir: string }) {
  const hasSpa = existsSync(path.join(options.spaDir, 'index.html'));
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
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasSpa) {
      return reply
        .code(404)
        .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}`, error: 'Not Found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

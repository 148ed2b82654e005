/**
 * Headers every answer carries: no MIME sniffing, no Referer (a reset link's token must not leak
 * to another site), and no caching of API answers unless a route chose otherwise (they carry
 * tokens and personal data).
 */
import type { FastifyInstance } from 'fastify';

export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (
      request.url.startsWith('/api/') &&
      !request.url.startsWith('/api/docs') &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

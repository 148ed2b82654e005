/**
 * Headers every answer carries: no MIME sniffing, no Referer (a reset link's token must not leak
 * to another site), and no caching of API answers unless a route chose otherwise (they carry
 * tokens and personal data).
 */
import type { FastifyInstance } from 'fastify';
import { paths } from '../../src/config/paths';

/**
 * The pages whose forms post to the server (plugins/account-forms.ts): their address holds no secret,
 * and with `same-origin` a browser sends their real Origin with the post, which the login-CSRF check
 * reads; under `no-referrer` it sends `Origin: null`, and browsers without Sec-Fetch-Site (Safari
 * before 16.4) could not be told from another site.
 */
const ACCOUNT_FORM_PAGES = new Set<string>([paths.login, paths.signup, paths.forgotPassword]);

export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    const path = request.url.split('?')[0] ?? '';
    reply.header('referrer-policy', ACCOUNT_FORM_PAGES.has(path) ? 'same-origin' : 'no-referrer');
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

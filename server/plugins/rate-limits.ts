/**
 * Per-address limits on the endpoints that guess-or-spam attacks go for, each route with its own
 * count (exhausting login does not block sign-up or a reset), counted in the database so that all
 * server instances share them (services/rate-limiter.ts). The contract documents their 429.
 * Per-account limits (wrong passwords, e-mail changes) live in services/accounts.ts.
 */
import { isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../services/rate-limiter';

export const RATE_LIMITED_ROUTES = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/verify-email',
  'GET /api/resend-verification-email',
  'POST /api/user/update-profile',
  'POST /api/user/delete-account',
] as const;

/**
 * What one client's addresses have in common: an IPv4 address, or the /64 prefix of an IPv6 one (a
 * client gets a whole /64, and would otherwise have 2^64 counts of its own).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function installRateLimits(
  app: FastifyInstance,
  options: { limiter: RateLimiter; perMinute: number },
) {
  const { limiter, perMinute } = options;
  if (perMinute <= 0) return;
  const limited = new Set<string>(RATE_LIMITED_ROUTES);
  app.addHook('onRequest', async (request, reply) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (!limited.has(route)) return;
    const verdict = await limiter.hit(`address:${route}:${addressKey(request.ip)}`, {
      max: perMinute,
      windowMs: 60_000,
    });
    if (verdict.allowed) return;
    await reply
      .code(429)
      .header('retry-after', String(verdict.retryAfterSeconds))
      .send({
        message: `Too many requests, please retry in ${verdict.retryAfterSeconds} seconds.`,
        error: 'Too Many Requests',
      });
  });
}

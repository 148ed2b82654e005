/**
 * Per-address limits on the endpoints that guess-or-spam attacks go for, each route with its own
 * count (exhausting login does not block sign-up or a reset), counted in the database so that all
 * server instances share them (services/rate-limiter.ts). The contract documents their 429.
 * Per-account limits (wrong passwords, e-mail changes) live in services/accounts.ts.
 */
import type { FastifyInstance } from 'fastify';
import { addressKey, type RateLimiter, type RateLimitVerdict } from '../services/rate-limiter';

export const RATE_LIMITED_ROUTES = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/verify-email',
  'GET /api/resend-verification-email',
  'POST /api/user/update-profile',
  'POST /api/user/delete-account',
  // Decoding and re-encoding an image is the costliest thing a user can ask for.
  'POST /api/website/logo',
  'POST /api/website/photos',
] as const;

export type LimitedRoute = (typeof RATE_LIMITED_ROUTES)[number];

/**
 * Counts one request of an address against a route's limit. The pages' forms that post without
 * JavaScript (plugins/account-forms.ts) count against their API operation's, so that an address has
 * one budget for login whichever way it tries.
 */
export type AddressLimit = (route: LimitedRoute, ip: string) => Promise<RateLimitVerdict>;

const UNLIMITED: RateLimitVerdict = { allowed: true, retryAfterSeconds: 0 };

export function installRateLimits(
  app: FastifyInstance,
  options: { limiter: RateLimiter; perMinute: number },
): AddressLimit {
  const { limiter, perMinute } = options;
  const check: AddressLimit = (route, ip) =>
    perMinute <= 0
      ? Promise.resolve(UNLIMITED)
      : limiter.hit(`address:${route}:${addressKey(ip)}`, { max: perMinute, windowMs: 60_000 });
  if (perMinute <= 0) return check;
  const limited = new Set<string>(RATE_LIMITED_ROUTES);
  app.addHook('onRequest', async (request, reply) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (!limited.has(route)) return;
    const verdict = await check(route as LimitedRoute, request.ip);
    if (verdict.allowed) return;
    await reply
      .code(429)
      .header('retry-after', String(verdict.retryAfterSeconds))
      .send({
        message: `Too many requests, please retry in ${verdict.retryAfterSeconds} seconds.`,
        error: 'Too Many Requests',
      });
  });
  return check;
}

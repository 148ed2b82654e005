/** Operations tagged `operations`: the probes of a load balancer (services/readiness.ts). */
import type { ReadinessService } from '../services/readiness';
import type { Handler } from './types';

/** The probes' routes: quiet in the logs (app.ts), never rate-limited (plugins/rate-limits.ts). */
export const PROBE_ROUTES = ['/healthz', '/readyz'] as const;

export function operationHandlers(readiness: ReadinessService) {
  // A cache between the balancer and the server must never answer for the server.
  const getHealth: Handler = async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' });

  const getReadiness: Handler = async (_request, reply) => {
    const verdict = await readiness.check();
    return reply
      .code(verdict.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(verdict);
  };

  return { getHealth, getReadiness };
}

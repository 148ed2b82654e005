/**
 * GET /metrics, Prometheus' text exposition of this app's registry (services/metrics.ts), behind
 * METRICS_TOKEN as a bearer token; registered only when the token is set, so that otherwise
 * /metrics is an unknown route (404) like any other. Not in openapi/openapi.yaml: see the
 * `operations` tag there.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../services/metrics';

export const METRICS_ROUTE = '/metrics';

/** Counts and times every answer, with the route's template: a bounded set of series. */
export function installRequestMetrics(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(
      request.method,
      // No template for what no route matched (404s, the app's pages): "unmatched".
      request.is404 ? null : (request.routeOptions.url ?? null),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

export async function metricsPlugin(app: FastifyInstance, options: { metrics: Metrics; token: string }) {
  // Both sides hashed to one length, then compared in constant time: the answer's timing says
  // nothing about how much of a guess was right.
  const expected = sha256(options.token);
  const authorized = (header: string | undefined) => {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
    return timingSafeEqual(sha256(given), expected);
  };

  // Quiet in the logs as the probes are (app.ts's onRoute hook).
  app.get(METRICS_ROUTE, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!authorized(request.headers.authorization)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'A valid metrics token is required', error: 'Unauthorized' });
    }
    const text = await options.metrics.registry.metrics();
    return reply.header('content-type', options.metrics.registry.contentType).send(text);
  });
}

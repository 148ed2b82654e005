/**
 * The Prometheus series of one app (GET /metrics, plugins/metrics.ts), on that app's own registry:
 * tests build many apps in one process, and prom-client's global registry would refuse the second
 * app's series ("already registered") or add both apps' requests together.
 *
 * The services report through the narrow optional interfaces they declare (MailQueueMetrics,
 * WorkerPoolMetrics, PaymentMetrics, SiteMetrics); what is read at scrape time (the mail queue's
 * depth, the worker pool's load) is asked for by the gauges' `collect`.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { MailQueueMetrics } from './mail/mail-queue';
import type { PaymentMetrics, PaymentOutcome } from './payments/checkout';
import type { SiteMetrics } from './website/website-service';
import type { WorkerPoolLoad, WorkerPoolMetrics } from './workers/worker-pool';
import type { WorkerTask } from './workers/worker-tasks';

/** What the gauges read when Prometheus scrapes. */
export interface MetricSources {
  /** Messages of the mail queue not sent nor given up yet (a database query). */
  pendingMail(): Promise<number>;
  workerPool(): WorkerPoolLoad;
}

export interface Metrics extends MailQueueMetrics, WorkerPoolMetrics, PaymentMetrics, SiteMetrics {
  readonly registry: Registry;
  /** One answered request; `route` is the route's template, or null when no route matched. */
  request(method: string, route: string | null, statusCode: number, seconds: number): void;
}

/** Seconds: a JSON answer takes milliseconds, a document download a few seconds at worst. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a preview takes tens of milliseconds, a signed pack a few seconds; the limit is 20 s. */
const RENDER_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  // Event-loop lag (nodejs_eventloop_lag_*), memory, GC, handles: on this registry only. Each call
  // starts its own event-loop monitor, so one app per process in production.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'kreo_http_requests_total',
    help: 'HTTP requests answered, by method, route template ("unmatched" when no route matched) and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'kreo_http_request_duration_seconds',
    help: 'Time from a request received to its answer sent, by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });

  const mailSent = new Counter({ name: 'kreo_mail_sent_total', help: 'Mail messages sent.', registers });
  const mailFailures = new Counter({
    name: 'kreo_mail_failed_attempts_total',
    help: 'Mail sending attempts that failed (each is retried with backoff until given up).',
    registers,
  });
  const mailGivenUp = new Counter({
    name: 'kreo_mail_given_up_total',
    help: 'Mail messages given up after their last attempt.',
    registers,
  });
  new Gauge({
    name: 'kreo_mail_queue_pending',
    help: 'Mail messages waiting to be sent (due now or later), read from the database at scrape time; NaN when it does not answer.',
    registers,
    async collect() {
      // A scrape must not fail with the database: the value is unknown then, not zero.
      this.set(await sources.pendingMail().catch(() => Number.NaN));
    },
  });

  const renderSeconds = new Histogram({
    name: 'kreo_document_render_seconds',
    help: 'Time a worker thread took to write a document, an invoice, a logo…, by task kind.',
    labelNames: ['kind'] as const,
    buckets: RENDER_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'kreo_worker_pool_waiting_tasks',
    help: 'Tasks waiting for a worker thread.',
    registers,
    collect() {
      this.set(sources.workerPool().waiting);
    },
  });
  new Gauge({
    name: 'kreo_worker_pool_busy_threads',
    help: 'Worker threads running a task.',
    registers,
    collect() {
      this.set(sources.workerPool().busy);
    },
  });
  new Gauge({
    name: 'kreo_worker_pool_threads',
    help: 'Worker threads the pool may run at once (DOCUMENT_WORKERS).',
    registers,
    collect() {
      this.set(sources.workerPool().threads);
    },
  });

  const payments = new Counter({
    name: 'kreo_payments_total',
    help: 'Payments by provider and outcome: paid, declined (a card refused), failed (the provider could not open a payment page), refunded.',
    labelNames: ['provider', 'outcome'] as const,
    registers,
  });

  const publications = new Counter({
    name: 'kreo_site_publications_total',
    help: 'Founders’ sites published (a first publication or a new version).',
    registers,
  });
  const unpublications = new Counter({
    name: 'kreo_site_unpublications_total',
    help: 'Founders’ sites taken offline: by their owner, or revoked by a refund.',
    labelNames: ['reason'] as const,
    registers,
  });

  return {
    registry,
    request(method, route, statusCode, seconds) {
      const labels = { method, route: route ?? 'unmatched', status_code: String(statusCode) };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    mailSent: () => mailSent.inc(),
    mailFailed(givenUp) {
      mailFailures.inc();
      if (givenUp) mailGivenUp.inc();
    },
    taskRan(kind: WorkerTask['kind'], seconds: number) {
      renderSeconds.observe({ kind }, seconds);
    },
    payment(provider: string, outcome: PaymentOutcome) {
      payments.inc({ provider, outcome });
    },
    sitePublished: () => publications.inc(),
    siteUnpublished: (reason) => unpublications.inc({ reason }),
  };
}

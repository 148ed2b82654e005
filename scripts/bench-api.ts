/**
 * API benchmark: starts the server (embedded database in a temporary folder, rate limit off) and
 * measures, with autocannon on loopback, requests per second and latency percentiles of
 * GET /api/marketing/offers/list and POST /api/auth/login. Prints figures; asserts nothing.
 */
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startBenchServer(process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined);
const base = server.url;

function run(title: string, options: autocannon.Options) {
  return new Promise<void>((resolve, reject) => {
    autocannon({ connections: 10, duration: seconds, ...options }, (error, result) => {
      if (error) return reject(error);
      const { requests, latency, non2xx, errors } = result;
      console.log(
        `${title.padEnd(36)} ${requests.average.toFixed(0).padStart(6)} req/s   latency p50 ${latency.p50} ms, p99 ${latency.p99} ms   (${result.requests.total} requests, ${non2xx} non-2xx, ${errors} errors)`,
      );
      resolve();
    });
  });
}

try {
  const credentials = { email: 'bench@example.com', password: 'benchmark-password' };
  const signup = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...credentials,
      confirmPassword: credentials.password,
      firstname: 'Bench',
      lastname: 'Mark',
      dateOfBirth: '1990-01-01',
    }),
  });
  if (!signup.ok) throw new Error(`sign-up failed: ${signup.status}`);
  console.log(`API on ${base}, ${seconds} s per run, 10 connections, PGlite database`);
  await run('GET /api/marketing/offers/list', { url: `${base}/api/marketing/offers/list` });
  // argon2id (19 MiB, 2 passes) is the cost of every login, by design.
  await run('POST /api/auth/login', {
    url: `${base}/api/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
} finally {
  await server.close();
}

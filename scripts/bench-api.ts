/**
 * API benchmark: measures, with autocannon on loopback, requests per second and latency percentiles
 * of GET /api/marketing/offers/list and POST /api/auth/login against the real server (embedded
 * database in a temporary folder, rate limit off). Reports figures; asserts nothing.
 * BENCH_SECONDS sets the length of each run (10 s by default).
 */
import autocannon from 'autocannon';
import { isMain, startBenchServer } from './bench-server';
import { printTable, type Table } from './bench-report';

const CONNECTIONS = 10;

export interface ApiFigures {
  title: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

function run(title: string, seconds: number, options: autocannon.Options): Promise<ApiFigures> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: seconds, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        title,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

/** Runs both measures against the server at `base`, `seconds` each. */
export async function benchApi(base: string, seconds = 10): Promise<ApiFigures[]> {
  const credentials = { email: `bench.api.${Date.now()}@example.com`, password: 'benchmark-password' };
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
  const offers = await run('GET /api/marketing/offers/list', seconds, {
    url: `${base}/api/marketing/offers/list`,
  });
  // argon2id (19 MiB, 2 passes) is the cost of every login, by design.
  const login = await run('POST /api/auth/login', seconds, {
    url: `${base}/api/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return [offers, login];
}

export function apiTable(figures: ApiFigures[], seconds: number): Table {
  return {
    title: 'API',
    note: `autocannon on loopback, ${seconds} s per run, ${CONNECTIONS} connections, PGlite database, rate limit off.`,
    headers: ['Request', 'req/s', 'p50 ms', 'p99 ms', 'Requests', 'Non-2xx', 'Errors'],
    numeric: [1, 2, 3, 4, 5, 6],
    rows: figures.map((figure) => [
      figure.title,
      figure.requestsPerSecond.toFixed(0),
      String(figure.p50),
      String(figure.p99),
      String(figure.requests),
      String(figure.non2xx),
      String(figure.errors),
    ]),
  };
}

if (isMain(import.meta.url)) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const server = await startBenchServer();
  try {
    printTable(apiTable(await benchApi(server.url, seconds), seconds));
  } finally {
    await server.close();
  }
}

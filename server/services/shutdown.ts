/**
 * Graceful shutdown (SIGTERM from an orchestrator, SIGINT from a terminal): the server stops taking
 * connections, answers the requests it has, lets the mail being sent go out, then closes the
 * database and exits 0. Past a deadline it says what was still running and exits 1; a second
 * signal exits at once.
 *
 * Node's `server.close()` closes idle keep-alive connections, but a connection busy with a request
 * when the close began stays open after its answer, for as long as Fastify's keep-alive timeout
 * (72 s): the close would wait for it. `trackRequests` makes every answer sent from then on close
 * its connection once it has gone out whole.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { loggableError, redactUrl } from './logging';

export interface RequestTracker {
  /** The requests not answered yet, as "METHOD /path" (redacted as in the logs). */
  inFlight(): string[];
  /** Connections still open, busy or idle: the server's close waits for each. */
  connections(): number;
  /** From now on each answer closes its connection once sent (called when the shutdown begins). */
  closeAfterAnswers(): void;
}

export function trackRequests(server: Server): RequestTracker {
  const open = new Map<ServerResponse, { label: string; socket: Socket }>();
  const sockets = new Set<Socket>();
  let closing = false;

  const closeAfter = (response: ServerResponse, socket: Socket) => {
    // Not begun: the answer says `Connection: close`, and Node ends the socket after it.
    if (!response.headersSent) response.setHeader('connection', 'close');
    // Begun as keep-alive: the socket is ended once the answer is written whole (end, not destroy,
    // so that what is still buffered reaches the client).
    else response.once('finish', () => socket.end());
  };

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    open.set(response, { label: `${request.method ?? ''} ${redactUrl(request.url ?? '')}`, socket });
    response.once('close', () => open.delete(response));
    if (closing) closeAfter(response, socket);
  });

  return {
    inFlight: () => [...open.values()].map((entry) => entry.label),
    connections: () => sockets.size,
    closeAfterAnswers() {
      closing = true;
      for (const [response, { socket }] of open) closeAfter(response, socket);
    },
  };
}

export interface ShutdownLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface ShutdownStep {
  /** Logged once the step is done ("database closed"). */
  done: string;
  run(): Promise<void>;
}

export interface ShutdownOptions {
  log: ShutdownLogger;
  timeoutMs: number;
  /** Run in order; one that fails is logged and the others still run (the exit code is then 1). */
  steps: ShutdownStep[];
  /** What is still going on, for the log of a shutdown past its deadline or cut by a second signal. */
  stillRunning(): Record<string, unknown>;
  /** Past the deadline, before exiting: what can be put right quickly (mail leases given back). */
  atDeadline?(): Promise<void>;
  exit(code: number): void;
}

/** How long the deadline's own clean-up may take before the process exits anyway. */
const DEADLINE_CLEANUP_MS = 2_000;

/** The signal handler: the first signal starts the shutdown, a second one exits at once. */
export function createShutdown(options: ShutdownOptions): (signal: string) => void {
  const { log, timeoutMs } = options;
  let startedAt = 0;
  let finished = false;

  const finish = (code: number) => {
    if (finished) return;
    finished = true;
    options.exit(code);
  };

  const overDeadline = async () => {
    log.error(
      { timeoutMs, stillRunning: options.stillRunning() },
      `Shutdown: still running after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS), exiting now`,
    );
    if (options.atDeadline) {
      const cleanup = options
        .atDeadline()
        .catch((error: unknown) =>
          log.error({ failure: loggableError(error) }, 'Shutdown: the clean-up at the deadline failed'),
        );
      await Promise.race([cleanup, new Promise((resolve) => setTimeout(resolve, DEADLINE_CLEANUP_MS))]);
    }
    finish(1);
  };

  return (signal: string) => {
    if (startedAt) {
      log.warn({ stillRunning: options.stillRunning() }, `Shutdown: ${signal} received again, exiting now`);
      finish(1);
      return;
    }
    startedAt = Date.now();
    log.info({ timeoutMs }, `${signal} received: shutting down`);
    // Not unref'd: a shutdown that hangs must still end.
    setTimeout(() => void overDeadline(), timeoutMs);
    void (async () => {
      let failed = false;
      for (const step of options.steps) {
        try {
          await step.run();
          log.info({ afterMs: Date.now() - startedAt }, `Shutdown: ${step.done}`);
        } catch (error) {
          failed = true;
          log.error({ failure: loggableError(error) }, `Shutdown: failed before "${step.done}"`);
        }
      }
      log.info(
        { afterMs: Date.now() - startedAt },
        failed ? 'Shutdown done, with failures' : 'Shutdown done',
      );
      finish(failed ? 1 : 0);
    })();
  };
}

/**
 * What the logs may hold. A log line is read by more people, and kept longer, than the data it
 * describes: it never carries a token, a password or a link that grants access, nor the values of
 * a failed SQL statement (an address, a name, a hash). The redaction is done by the serializers,
 * before a line is written, so it holds in both formats: JSON lines (production, a collector reads
 * them) and pino-pretty's lines (a developer's terminal).
 */
import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';

/** JSON lines for a log collector, or pino-pretty's lines for a person. */
export type LogFormat = 'json' | 'pretty';

/** Query parameters whose value lets its holder act: redacted in every logged URL. */
const SECRET_PARAMETER =
  /([?&;](?:token|access_token|refresh_token|id_token|code|key|secret|password|signature|sig)=)[^&;#]*/gi;

/**
 * Parameters whose name says they hold a password or a secret, wherever the word sits in the name
 * (`login_password`, `signup_confirmPassword`, `newPwd`, `client_secret`), in any case: a form sent as
 * a GET by mistake must not leave one in a log.
 */
const SECRET_NAMED_PARAMETER = /([?&;][^=&;#]*(?:pass|pwd|secret|credential)[^=&;#]*=)[^&;#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETER, '$1[redacted]').replace(SECRET_NAMED_PARAMETER, '$1[redacted]');
}

/** Drizzle's "Failed query: … params: …" keeps the statement and drops its values. */
function withoutParameters(text: string): string {
  return text.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');
}

/** An error as it may be logged: its kind, code and statement, never the values it was given. */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: typeof error === 'string' ? error : 'non-error thrown' };
  const fields = error as Error & { code?: unknown; cause?: unknown; statusCode?: unknown };
  return {
    type: error.name,
    message: withoutParameters(error.message),
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...(typeof fields.statusCode === 'number' ? { statusCode: fields.statusCode } : {}),
    stack: error.stack ? withoutParameters(error.stack) : undefined,
    ...(fields.cause && depth < 3 ? { cause: loggableError(fields.cause, depth + 1) } : {}),
  };
}

/**
 * The server's logger: request URLs redacted, errors without their SQL values; JSON lines unless
 * `format` is 'pretty'. `destination` replaces stdout (tests).
 */
export function loggerOptions(
  level: string,
  format: LogFormat = 'json',
  destination?: NodeJS.WritableStream,
): NonNullable<FastifyServerOptions['logger']> {
  // Written synchronously (process.stdout is, on Linux, to a file, a pipe or a terminal; pino's
  // default buffers): a shutdown's last lines keep their order and are not lost at process.exit.
  const stream =
    format === 'pretty'
      ? pretty({
          sync: true,
          colorize: destination ? false : Boolean(process.stdout.isTTY),
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
          singleLine: true,
          destination: destination ?? process.stdout,
        })
      : (destination ?? process.stdout);
  return {
    level,
    stream,
    serializers: {
      req(request: {
        method: string;
        url: string;
        hostname?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.hostname,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
      err: (error: Error) => {
        const { type = 'Error', message = '', stack = '', ...rest } = loggableError(error);
        return { ...rest, type: String(type), message: String(message), stack: String(stack) };
      },
    },
  };
}

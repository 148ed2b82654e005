/**
 * Every error becomes `{message, error}` JSON. Anything below 500 says what was wrong (for a
 * validation failure, the field: "body/email must match pattern …"); a 500 is logged in full and
 * says nothing more to the client.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { pageLanguage, translator } from '../services/i18n';
import { loggableError } from '../services/logging';

const MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was announced',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
};

class BadBodyError extends Error {
  readonly statusCode = 400;
}

/**
 * JSON bodies, parsed as Fastify would, but refusing NUL characters: PostgreSQL cannot store
 * them in text, so they are a client error here rather than a database failure later.
 */
export function parseJsonBody(
  request: { routeOptions?: { schema?: { body?: unknown } } },
  body: string,
  done: (error: Error | null, value?: unknown) => void,
) {
  if (body.trim() === '') {
    // An operation that takes no body accepts an empty one, whatever the content type says (the
    // spec's clients send `Content-Type: application/json` with every POST).
    if (!request.routeOptions?.schema?.body) return done(null, undefined);
    return done(new BadBodyError('The request body is empty but JSON was announced'));
  }
  try {
    done(
      null,
      JSON.parse(body, (key, value: unknown) => {
        if (key.includes('\0') || (typeof value === 'string' && value.includes('\0'))) {
          throw new BadBodyError(
            `body${key ? `/${key}` : ''} contains a NUL character, which is not allowed`,
          );
        }
        // Prototype pollution guard, as Fastify's own parser does.
        if (key === '__proto__' || key === 'constructor')
          throw new BadBodyError(`body/${key} is not an allowed field`);
        return value;
      }),
    );
  } catch (error) {
    done(error instanceof BadBodyError ? error : new BadBodyError('The request body is not valid JSON'));
  }
}

export function installErrorHandler(app: FastifyInstance) {
  // Fastify validates a body only when one came: an operation that takes one refuses its absence here.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) {
      throw new BadBodyError('The request body is required: send a JSON object');
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (status === 503 && (error as { expose?: unknown }).expose === true) {
      // Busy, not broken (the documents' workers): said to the client, which may retry.
      request.log.warn({ reason: error.message }, 'Refused while busy');
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.code(503).send({ message: error.message, error: STATUS_CODES[503] });
    }
    if (status >= 500) {
      // The statement, not its values (an address, a name, a hash): see services/logging.ts.
      request.log.error({ failure: loggableError(error) }, 'Request failed');
      return reply.code(status).send({ message: 'Internal Server Error', error: STATUS_CODES[status] });
    }
    let message = MESSAGES[error.code] ?? error.message;
    // A failed security check (openapi-glue) carries our handler's own explanation in `errors`.
    const causes = (error as { errors?: unknown }).errors;
    if (status === 401 && Array.isArray(causes) && causes[0] instanceof Error) message = causes[0].message;
    if (error.validation && error.validation.length > 0) {
      const [first] = error.validation;
      const where = `${error.validationContext ?? 'body'}${first?.instancePath ?? ''}`;
      if (first?.keyword === 'required') {
        message = `${where}/${String((first.params as { missingProperty?: string }).missingProperty)} is required`;
      } else if (first?.keyword === 'additionalProperties') {
        message = `${where}/${String((first.params as { additionalProperty?: string }).additionalProperty)} is not an allowed field`;
      } else {
        message = `${where} ${first?.message ?? 'is invalid'}`;
      }
    }
    // Our own reasons (AccountError's), for the app to say in the user's language; never Fastify's codes.
    let publicCode = (error as { publicCode?: unknown }).publicCode;
    // A logo past 2 MB is refused before it is read (the parser's limit): said as the builder says it.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.routeOptions.url === '/api/website/logo') {
      publicCode = 'LOGO_TOO_LARGE';
      message = translator(pageLanguage(request.headers))('website:errors.LOGO_TOO_LARGE');
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && request.routeOptions.url === '/api/website/photos') {
      publicCode = 'PHOTO_TOO_LARGE';
      message = translator(pageLanguage(request.headers))('website:errors.PHOTO_TOO_LARGE');
    }
    if (status === 429 && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    return reply.code(status).send({
      message,
      error: STATUS_CODES[status],
      ...(typeof publicCode === 'string' ? { code: publicCode } : {}),
      // A wrong signing code: the tries left, for the page to say (SigningError).
      ...(typeof (error as { attemptsLeft?: unknown }).attemptsLeft === 'number'
        ? { attemptsLeft: (error as unknown as { attemptsLeft: number }).attemptsLeft }
        : {}),
    });
  });
}

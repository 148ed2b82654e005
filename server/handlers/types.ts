import type { FastifyReply, FastifyRequest } from 'fastify';
import type { paths } from '../../src/lib/api/schema';

/** The JSON body an operation of openapi/openapi.yaml accepts (validated before the handler runs). */
export type BodyOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type Handler<Body = unknown> = (
  request: FastifyRequest<{ Body: Body }>,
  reply: FastifyReply,
) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearerAuth security handler: the user the access token names. */
    userId: string | null;
  }
}

/** The user of a bearer-protected operation (the security handler ran first). */
export function currentUserId(request: FastifyRequest): string {
  if (!request.userId) throw Object.assign(new Error('Unauthorized'), { statusCode: 401 });
  return request.userId;
}

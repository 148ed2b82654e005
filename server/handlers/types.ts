import type { FastifyReply, FastifyRequest } from 'fastify';
import type { paths } from '../../src/lib/api/schema';

/** The JSON body an operation of openapi/openapi.yaml accepts (validated before the handler runs). */
export type BodyOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The path parameters of an operation (validated before the handler runs). */
export type ParamsOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  parameters: { path: infer A };
}
  ? A
  : never;

/** The query parameters of an operation (validated before the handler runs; all may be absent). */
export type QueryOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  parameters: { query?: infer Q };
}
  ? NonNullable<Q>
  : never;

export type Handler<Body = unknown, Params = unknown, Query = unknown> = (
  request: FastifyRequest<{ Body: Body; Params: Params; Querystring: Query }>,
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

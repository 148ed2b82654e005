import createClient, { type Middleware } from 'openapi-fetch';
import { env } from '@/config/env';
import { ApiError, NETWORK_NOT_OK_MESSAGE, NO_TOKEN_MESSAGE, apiErrorFromResponse } from './errors';
import { operationSecurity } from './operations.gen';
import type { paths } from './schema';

/** Supplies a valid access token or null; the session module registers the real one. */
export type AccessTokenProvider = () => Promise<string | null>;

/** Sent on every request so a tunnelled development back end answers JSON, not its warning page. */
export const TUNNEL_HEADER = 'ngrok-skip-browser-warning';

function securityOf(method: string, schemaPath: string): string | undefined {
  const key = `${method.toUpperCase()} ${schemaPath}` as keyof typeof operationSecurity;
  return operationSecurity[key];
}

/**
 * Adds the bearer token to the operations the contract marks `bearerAuth`, and only to them; an
 * operation that also takes anonymous calls (the contact form) gets it when there is one.
 */
function bearerMiddleware(getToken: () => AccessTokenProvider): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      const security = securityOf(request.method, schemaPath);
      if (security !== 'bearer' && security !== 'optional-bearer') return undefined;
      const token = await getToken()();
      if (!token) {
        if (security === 'optional-bearer') return undefined;
        throw new ApiError(NO_TOKEN_MESSAGE, 'no-token');
      }
      request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}

/** Turns every failed answer into an ApiError with the spec's message (section 8). */
const errorMiddleware: Middleware = {
  async onResponse({ request, response }) {
    if (!response.ok) throw await apiErrorFromResponse(request.method, response);
    return undefined;
  },
  onError({ error }) {
    if (error instanceof ApiError) return error;
    // A cancelled request is the caller's own doing, not a network failure: rethrown as it is.
    if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError') {
      return undefined;
    }
    return new ApiError(NETWORK_NOT_OK_MESSAGE, 'network');
  },
};

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

/** Builds a client for the contract in openapi/openapi.yaml. The app uses the one `apiClient` below. */
export function createApiClient(options: ApiClientOptions = {}) {
  let tokenProvider: AccessTokenProvider = () => Promise.resolve(null);
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? env.apiBaseUrl,
    credentials: 'include',
    headers: { [TUNNEL_HEADER]: 'true' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(
    bearerMiddleware(() => tokenProvider),
    errorMiddleware,
  );
  return Object.assign(client, {
    provideAccessToken(provider: AccessTokenProvider) {
      tokenProvider = provider;
    },
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const apiClient = createApiClient();

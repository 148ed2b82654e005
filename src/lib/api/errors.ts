/** Why a call failed: the server said no (`http`), the network failed, or no token could be had. */
export type ApiErrorKind = 'http' | 'network' | 'no-token';

/**
 * The one error type API calls throw. `message` follows spec section 8; `body` keeps the
 * server's answer for callers that need it (e.g. a checkout `{error}`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const NO_TOKEN_MESSAGE = 'No valid token available';
export const NETWORK_NOT_OK_MESSAGE = 'Network response was not ok';

function stringField(body: unknown, field: 'message' | 'error'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    const text = await response.clone().text();
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/**
 * Spec section 8: a failed GET reads "Network response was not ok" plus the status text; any
 * other method uses the body's `message`, else its `error`, else the status text.
 */
export async function apiErrorFromResponse(method: string, response: Response): Promise<ApiError> {
  const body = await readBody(response);
  const statusText = response.statusText || String(response.status);
  const message =
    method.toUpperCase() === 'GET'
      ? `${NETWORK_NOT_OK_MESSAGE} ${statusText}`
      : (stringField(body, 'message') ?? stringField(body, 'error') ?? statusText);
  return new ApiError(message, 'http', response.status, body);
}
